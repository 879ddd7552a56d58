'use client';
// Owns the review queue: profiles in review across organizations, oldest submission first, with the screening note.
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { useListParams } from '@/components/ui/list-params';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { listReviewQueueOperation } from '@/lib/support/contract/routes';

type KindFilter = 'all' | 'sender' | 'beneficiary';

export function ReviewQueue() {
  const params = useListParams();
  const kind = (params.get('kind') as KindFilter | null) ?? 'all';
  const result = useApiQuery(listReviewQueueOperation, {
    query: {
      kind: kind === 'all' ? undefined : kind,
      page: String(params.page),
      limit: String(params.limit),
    },
  });
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <Select<KindFilter>
          aria-label="Profile kind"
          value={kind}
          onValueChange={(value) => params.set({ kind: value === 'all' ? null : value })}
          options={[
            { value: 'all', label: 'Senders and beneficiaries' },
            { value: 'sender', label: 'Senders' },
            { value: 'beneficiary', label: 'Beneficiaries' },
          ]}
        />
      </div>
      {result.isPending ? (
        <LoadingBlock label="Loading the review queue" />
      ) : result.isError ? (
        <ErrorState error={result.error} onRetry={() => result.refetch()} />
      ) : result.data.items.length === 0 ? (
        <EmptyState title="Nothing to review" description="Every submitted profile has a decision." />
      ) : (
        <>
          <Table
            columns={['Profile', 'Kind', 'Organization', 'Screening', 'Submitted']}
            caption="Review queue"
          >
            {result.data.items.map((item) => (
              <tr key={item.id} data-testid="review-row">
                <td className="px-3 py-2">
                  <Link
                    href={`/support/reviews/${item.kind}/${item.id}`}
                    className="font-medium text-accent-700 hover:underline"
                  >
                    {item.name}
                  </Link>
                  <span className="block text-xs text-slate-500">
                    {item.type} · {item.country}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <Badge>{item.kind}</Badge>
                </td>
                <td className="px-3 py-2">{item.org_name}</td>
                <td className="max-w-xs px-3 py-2 text-xs text-slate-600">
                  {item.screening_note ?? 'Screening not run yet'}
                </td>
                <td className="px-3 py-2 text-xs">
                  {item.submitted_at ? <DateTime value={item.submitted_at} /> : '—'}
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
