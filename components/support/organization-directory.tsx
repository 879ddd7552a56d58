'use client';
// Owns the support console's organization directory: search by name or id (in the URL), one row per organization.
import Link from 'next/link';
import { CreateOrganizationDialog } from '@/components/support/organization-create-dialog';
import { Badge, statusLabel } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { useListParams } from '@/components/ui/list-params';
import { SearchForm } from '@/components/ui/search-form';
import { PagedListStates } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { productName } from '@/lib/platform/format/activity';
import { searchSupportOrganizationsOperation } from '@/lib/support/contract/routes';

/** `canCreate`: a support lead, who may open organizations (the API refuses anyone else). */
export function OrganizationDirectory({ canCreate = false }: { canCreate?: boolean }) {
  const params = useListParams();
  const q = params.get('q') ?? '';
  const result = useApiQuery(searchSupportOrganizationsOperation, {
    query: { q: q || undefined, page: String(params.page), limit: String(params.limit) },
  });

  return (
    <div className="space-y-4">
      {canCreate ? (
        <div className="flex justify-end">
          <CreateOrganizationDialog />
        </div>
      ) : null}
      <search>
        <SearchForm
          label="Organization name or id"
          placeholder="Organization name or id"
          type="text"
          value={q}
          onSearch={(text) => params.set({ q: text || null })}
          className="max-w-xl"
          inputClassName="w-full"
        />
      </search>
      <PagedListStates
        result={result}
        params={params}
        loading="Loading organizations"
        empty={{ title: 'No organization matches', description: 'Try part of the name, or paste the id.' }}
      >
        {(items) => (
          <Table columns={['Organization', 'Status', 'Products', 'Since']} caption="Organizations">
            {items.map((org) => (
              <tr key={org.id}>
                <td className="px-3 py-2">
                  <Link
                    href={`/support/organizations/${org.id}`}
                    className="font-medium text-accent-700 hover:underline"
                  >
                    {org.name}
                  </Link>
                  <div className="font-mono text-xs text-slate-500">{org.id}</div>
                </td>
                <td className="px-3 py-2">
                  <Badge tone={org.status === 'active' ? 'success' : 'warning'}>
                    {statusLabel(org.status)}
                  </Badge>
                </td>
                <td className="px-3 py-2 text-xs">{org.entitlements.map(productName).join(', ') || '—'}</td>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={org.created_at} style="date" />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </PagedListStates>
    </div>
  );
}
