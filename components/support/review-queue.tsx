'use client';
// Owns the review queue: profiles under review across organizations, oldest submission first, with the screening note;
// by default those waiting for staff, filterable to those waiting for the client's answer to a question.
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { useListParams } from '@/components/ui/list-params';
import { Select } from '@/components/ui/select';
import { PagedListStates } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { listReviewQueueOperation } from '@/lib/support/contract/routes';

type KindFilter = 'all' | 'sender' | 'beneficiary';
type WaitingFilter = 'staff' | 'client' | 'all';

const EMPTY: Record<WaitingFilter, { title: string; description: string }> = {
  staff: {
    title: 'Nothing to review',
    description: 'Every submitted profile has a decision or waits for its client.',
  },
  client: { title: 'No open questions', description: 'No client owes an answer to a reviewer’s question.' },
  all: { title: 'Nothing under review', description: 'Every submitted profile has a decision.' },
};

export function ReviewQueue() {
  const params = useListParams();
  const kind = (params.get('kind') as KindFilter | null) ?? 'all';
  const waitingFor = (params.get('waiting_for') as WaitingFilter | null) ?? 'staff';
  const result = useApiQuery(listReviewQueueOperation, {
    query: {
      kind: kind === 'all' ? undefined : kind,
      waiting_for: waitingFor,
      page: String(params.page),
      limit: String(params.limit),
    },
  });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <div className="w-full max-w-xs">
          <Select<WaitingFilter>
            aria-label="Waiting for"
            value={waitingFor}
            onValueChange={(value) => params.set({ waiting_for: value === 'staff' ? null : value })}
            options={[
              { value: 'staff', label: 'Waiting for staff' },
              { value: 'client', label: 'Waiting for the client' },
              { value: 'all', label: 'All under review' },
            ]}
          />
        </div>
        <div className="w-full max-w-xs">
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
      </div>
      <PagedListStates
        result={result}
        params={params}
        loading="Loading the review queue"
        empty={EMPTY[waitingFor]}
      >
        {(items) => (
          <Table
            columns={['Profile', 'Kind', 'Organization', 'Waiting for', 'Screening', 'Submitted']}
            caption="Review queue"
          >
            {items.map((item) => (
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
                <td className="max-w-xs px-3 py-2 text-xs">
                  {item.waiting_for === 'client' ? (
                    <>
                      <Badge tone="info">Client</Badge>
                      <span className="mt-1 block text-slate-600">
                        {item.requested_information?.question}
                      </span>
                    </>
                  ) : (
                    <Badge tone="warning">Staff</Badge>
                  )}
                </td>
                <td className="max-w-xs px-3 py-2 text-xs text-slate-600">
                  {item.screening_note ?? 'Screening not run yet'}
                </td>
                <td className="px-3 py-2 text-xs">
                  {item.submitted_at ? <DateTime value={item.submitted_at} /> : '—'}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </PagedListStates>
    </div>
  );
}
