'use client';
// Owns Settings → Access log: when and why the provider's support viewed this organization (admins only).
import { DateTime } from '@/components/ui/date-time';
import { useListParams } from '@/components/ui/list-params';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { getAccessLogOperation } from '@/lib/support/contract/routes';

const ENDED: Record<string, string> = {
  exited: 'Ended by support',
  expired: 'Time limit reached',
  signed_out: 'Support signed out',
};

export function AccessLog() {
  const params = useListParams();
  const result = useApiQuery(getAccessLogOperation, {
    query: { page: String(params.page), limit: String(params.limit) },
  });
  if (result.isPending) return <LoadingBlock label="Loading the access log" />;
  if (result.isError) return <ErrorState error={result.error} onRetry={() => result.refetch()} />;
  if (result.data.items.length === 0) {
    return (
      <EmptyState
        title="Support has not viewed your account"
        description="When our support staff look at your account to help you, it is listed here with the reason they gave."
      />
    );
  }
  return (
    <>
      <Table columns={['When', 'Who', 'Reason', 'Ended', 'Reads']} caption="Support access">
        {result.data.items.map((entry) => (
          <tr key={entry.id} data-testid="access-log-row">
            <td className="px-3 py-2 text-xs">
              <DateTime value={entry.started_at} />
            </td>
            <td className="px-3 py-2 text-sm">
              {entry.staff_name}
              <div className="text-xs text-slate-500">{entry.staff_email}</div>
            </td>
            <td className="px-3 py-2 text-sm">{entry.reason}</td>
            <td className="px-3 py-2 text-xs">
              {entry.ended_at ? (
                <>
                  <DateTime value={entry.ended_at} /> · {ENDED[entry.end_reason ?? ''] ?? ''}
                </>
              ) : (
                'In progress'
              )}
            </td>
            <td className="px-3 py-2 tabular-nums">{entry.reads}</td>
          </tr>
        ))}
      </Table>
      <Pagination params={params} total={result.data.meta.total} />
    </>
  );
}
