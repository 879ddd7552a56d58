'use client';
// Owns the dashboard's "Batches needing action": drafts awaiting confirmation (with their quote's validity) and
// orders waiting for funds near their `expires_at`, each linking to its batch.
import Link from 'next/link';
import { usePortal } from '@/components/layout/portal-context';
import { realDeadline, useBatches, useBusinessClockOffset, useOrders } from '@/components/payouts/api';
import { Card } from '@/components/ui/card';
import { Countdown } from '@/components/ui/date-time';
import { Money } from '@/components/ui/money';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';

export function BatchesNeedingAction() {
  const { sandbox } = usePortal();
  const drafts = useBatches({ status: 'AWAITING_CONFIRMATION', limit: '5', page: '1' });
  const waiting = useOrders({ status: 'AWAITING_DEPOSIT', limit: '5', page: '1' });
  const offset = useBusinessClockOffset(sandbox);
  if (drafts.isPending || waiting.isPending)
    return (
      <Card id="needing-action" title="Batches needing action">
        <LoadingBlock label="Loading batches needing action" />
      </Card>
    );
  if (drafts.isError || waiting.isError)
    return (
      <Card id="needing-action" title="Batches needing action">
        <ErrorState
          title="Could not load batches needing action"
          error={drafts.error ?? waiting.error}
          onRetry={() => {
            void drafts.refetch();
            void waiting.refetch();
          }}
        />
      </Card>
    );
  const draftCount = drafts.data.meta.total;
  const waitingCount = waiting.data.meta.total;
  if (draftCount === 0 && waitingCount === 0) return null;
  return (
    <Card
      id="needing-action"
      title="Batches needing action"
      description="Drafts to review and confirm before their quote lapses, and orders waiting for funds."
      action={
        <Link
          href="/batches?status=AWAITING_CONFIRMATION"
          className="text-sm font-medium text-accent-700 hover:underline"
        >
          All drafts ({draftCount})
        </Link>
      }
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-700">Awaiting confirmation</h3>
          {draftCount === 0 ? (
            <p className="mt-2 text-sm text-slate-500">No drafts.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {drafts.data.items.map((batch) => (
                <li key={batch.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <Link href={`/batches/${batch.id}`} className="font-medium text-accent-700 hover:underline">
                    {batch.client_reference ?? `Batch ${batch.id.slice(0, 8)}`}
                  </Link>
                  <Money amount={batch.source_amount_total} currency="USDT" />
                  <Countdown deadline={realDeadline(batch.quote_expires_at, offset)} showDeadline={false} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-700">Orders awaiting funds ({waitingCount})</h3>
          {waitingCount === 0 ? (
            <p className="mt-2 text-sm text-slate-500">None.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {waiting.data.items.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <Link
                    href={`/batches/${order.batch_id}`}
                    className="font-medium text-accent-700 hover:underline"
                  >
                    <Money amount={order.beneficiary_amount} currency={order.beneficiary_currency} />
                  </Link>
                  {order.expires_at ? (
                    <Countdown
                      deadline={realDeadline(order.expires_at, offset)}
                      showDeadline={false}
                      urgentWithinMs={10 * 60_000}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}
