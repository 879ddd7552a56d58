'use client';
// Owns the support lead's record of every view, with its CSV export.
import { buttonClasses } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { useListParams } from '@/components/ui/list-params';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { listSupportViewsOperation } from '@/lib/support/contract/routes';

export function AllViews() {
  const params = useListParams();
  const result = useApiQuery(listSupportViewsOperation, {
    query: { page: String(params.page), limit: String(params.limit) },
  });
  return (
    <div className="space-y-4">
      <a href="/api/v2/support/views/export" className={buttonClasses('secondary', 'sm')} download>
        Export CSV
      </a>
      {result.isPending ? (
        <LoadingBlock label="Loading views" />
      ) : result.isError ? (
        <ErrorState error={result.error} onRetry={() => result.refetch()} />
      ) : result.data.items.length === 0 ? (
        <EmptyState title="No views yet" />
      ) : (
        <>
          <Table
            columns={['Started', 'Organization', 'Staff', 'Reason', 'Ended', 'Reads']}
            caption="Support views"
          >
            {result.data.items.map((entry) => (
              <tr key={entry.id}>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={entry.started_at} />
                </td>
                <td className="px-3 py-2 text-sm">{entry.org_name}</td>
                <td className="px-3 py-2 text-sm">{entry.staff_email}</td>
                <td className="px-3 py-2 text-sm">{entry.reason}</td>
                <td className="px-3 py-2 text-xs">{entry.end_reason ?? 'active'}</td>
                <td className="px-3 py-2 tabular-nums">{entry.reads}</td>
              </tr>
            ))}
          </Table>
          <Pagination params={params} total={result.data.meta.total} />
        </>
      )}
    </div>
  );
}
