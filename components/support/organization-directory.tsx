'use client';
// Owns the support console's organization directory: search by name or id (in the URL), one row per organization.
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { Badge, statusLabel } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { Input } from '@/components/ui/input';
import { useListParams } from '@/components/ui/list-params';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { searchSupportOrganizationsOperation } from '@/lib/api/routes';
import { useApiQuery } from '@/lib/browser/queries';

export function OrganizationDirectory() {
  const params = useListParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const result = useApiQuery(searchSupportOrganizationsOperation, {
    query: { q: q || undefined, page: String(params.page), limit: String(params.limit) },
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    params.set({ q: draft.trim() || null });
  };

  return (
    <div className="space-y-4">
      <search>
        <form onSubmit={search} className="flex max-w-xl gap-2">
          <label htmlFor="directory-search" className="sr-only">
            Organization name or id
          </label>
          <Input
            id="directory-search"
            placeholder="Organization name or id"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      {result.isPending ? (
        <LoadingBlock label="Loading organizations" />
      ) : result.isError ? (
        <ErrorState error={result.error} onRetry={() => result.refetch()} />
      ) : result.data.items.length === 0 ? (
        <EmptyState title="No organization matches" description="Try part of the name, or paste the id." />
      ) : (
        <>
          <Table columns={['Organization', 'Status', 'Products', 'Since']} caption="Organizations">
            {result.data.items.map((org) => (
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
                <td className="px-3 py-2 text-xs">{org.entitlements.join(', ') || '—'}</td>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={org.created_at} style="date" />
                </td>
              </tr>
            ))}
          </Table>
          <Pagination params={params} total={result.data.meta.total} />
        </>
      )}
    </div>
  );
}
