'use client';
// Owns a confirmed batch's progress: counts and a bar, each order's status, its funding deadline counting down,
// failure messages and receipts, cancelling an order still awaiting its deposit — paged through the API, refreshed
// until the batch is final.
import { useState } from 'react';
import { useCan } from '@/components/layout/portal-context';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Countdown } from '@/components/ui/date-time';
import { localPageParams } from '@/components/ui/list-params';
import { Money } from '@/components/ui/money';
import { Pagination } from '@/components/ui/pagination';
import { useToast } from '@/components/ui/toast';
import { advanceSandboxBatchOperation, cancelOrderOperation } from '@/lib/payouts/contract/routes';
import {
  type Batch,
  downloadReceipt,
  isFinalBatch,
  type Order,
  realDeadline,
  useAdvanceSandboxBatch,
  useBatchOrders,
  useBusinessClockOffset,
  useCancelOrder,
} from './api';
import { useLocalPages } from './local-pages';
import { indexColumn, type NumberedOrder } from './numbered-orders';

const PAGE_SIZE = 50;

export function BatchProgress({
  batch,
  firstOrders,
  names,
  sandbox,
}: {
  batch: Batch;
  firstOrders: readonly Order[];
  names: ReadonlyMap<string, string>;
  sandbox: boolean;
}) {
  const final = isFinalBatch(batch.status);
  const mayAdvance = useCan(advanceSandboxBatchOperation);
  const offset = useBusinessClockOffset(sandbox && !final);
  const notify = useToast();
  const advance = useAdvanceSandboxBatch(batch.id);
  // The batch (polled by the page) carries every order; a large batch pages them through the orders endpoint.
  const large = batch.total_count > PAGE_SIZE;
  const local = useLocalPages(firstOrders, PAGE_SIZE);
  const [page, setPage] = useState(1);
  const remote = useBatchOrders(
    batch.id,
    { page, limit: PAGE_SIZE },
    { poll: large && !final, enabled: large },
  );
  const orders = large ? (remote.data?.items ?? []) : local.items;
  const rowOffset = large ? (page - 1) * PAGE_SIZE : local.offset;

  const inFlight = batch.total_count - batch.completed_count - batch.failed_count;
  const donePercent = batch.total_count ? (batch.completed_count / batch.total_count) * 100 : 0;
  const failedPercent = batch.total_count ? (batch.failed_count / batch.total_count) * 100 : 0;

  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <dl className="grid grid-cols-2 gap-x-8 gap-y-2 sm:grid-cols-4" aria-label="Progress">
            <Stat label="Completed" value={batch.completed_count} testId="count-completed" />
            <Stat label="Failed or cancelled" value={batch.failed_count} testId="count-failed" />
            <Stat label="In progress" value={inFlight} testId="count-in-progress" />
            <Stat label="Total" value={batch.total_count} testId="count-total" />
          </dl>
          <div className="text-right">
            <p className="text-sm text-slate-600">Total funded</p>
            <p className="text-lg font-semibold">
              <Money amount={batch.source_amount_total} currency="USDT" />
            </p>
          </div>
        </div>
        <BatchFunds funds={batch.funds} />
        <div
          className="mt-4 flex h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Orders finished"
          aria-valuemin={0}
          aria-valuemax={batch.total_count}
          aria-valuenow={batch.completed_count + batch.failed_count}
        >
          <div className="bg-emerald-500" style={{ width: `${donePercent}%` }} />
          <div className="bg-red-400" style={{ width: `${failedPercent}%` }} />
        </div>
        <p className="mt-2 text-xs text-slate-500" aria-live="polite">
          {final
            ? 'This batch is finished.'
            : 'Updates by itself every few seconds. Deadlines are shown in your timezone.'}
        </p>
        {sandbox && !final && mayAdvance ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-600">
            <span>Sandbox: move every open order to its next state now.</span>
            <Button
              size="sm"
              variant="secondary"
              busy={advance.isPending}
              changesState
              onClick={() =>
                advance.mutate(undefined, {
                  onError: (error) =>
                    notify({ tone: 'error', title: 'Not advanced', description: error.message }),
                })
              }
            >
              Advance one step
            </Button>
          </div>
        ) : null}
      </Card>

      <section aria-labelledby="progress-orders" className="space-y-3">
        <h2 id="progress-orders" className="text-lg font-semibold text-slate-900">
          Orders
        </h2>
        <DataTable
          caption="Orders and their status"
          columns={progressColumns(names, offset)}
          rows={orders.map((order, i) => ({ order, index: rowOffset + i + 1 }))}
          rowKey={(row) => row.order.id}
          isPending={large && remote.isPending}
          error={large ? remote.error : null}
          onRetry={() => void remote.refetch()}
        />
        {large ? (
          <Pagination
            params={localPageParams(page, PAGE_SIZE, setPage)}
            total={batch.total_count}
            pageSizes={[PAGE_SIZE]}
          />
        ) : firstOrders.length > PAGE_SIZE ? (
          <Pagination params={local.params} total={firstOrders.length} />
        ) : null}
      </section>
    </div>
  );
}

/** Where the total is now, so a finance team sees at once what failures gave back to the balance. */
function BatchFunds({ funds }: { funds: Batch['funds'] }) {
  const parts = [
    { label: 'Paid out', amount: funds.paid, testId: 'funds-paid' },
    { label: 'Returned to balance', amount: funds.released, testId: 'funds-released' },
    { label: 'Still held', amount: funds.held, testId: 'funds-held' },
  ];
  return (
    <dl
      aria-label="Funds of this batch"
      className="mt-4 grid grid-cols-1 gap-x-8 gap-y-2 border-t border-slate-100 pt-3 sm:grid-cols-3"
    >
      {parts.map((part) => (
        <div key={part.testId} className="flex items-baseline justify-between gap-3 sm:block">
          <dt className="text-xs text-slate-500">{part.label}</dt>
          <dd className="font-medium tabular-nums" data-testid={part.testId}>
            <Money amount={part.amount} currency="USDT" />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
        {value.toLocaleString()}
      </dd>
    </div>
  );
}

function progressColumns(names: ReadonlyMap<string, string>, offset: number): Column<NumberedOrder>[] {
  return [
    indexColumn,
    {
      key: 'beneficiary',
      header: 'Beneficiary',
      cell: ({ order }) => (
        <>
          {names.get(order.beneficiary_profile_id) ?? '…'}
          {order.client_reference ? (
            <div className="text-xs text-slate-500">{order.client_reference}</div>
          ) : null}
        </>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      cell: ({ order }) => <Money amount={order.beneficiary_amount} currency={order.beneficiary_currency} />,
    },
    {
      key: 'usdt',
      header: 'USDT',
      cell: ({ order }) =>
        order.source_amount ? <Money amount={order.source_amount} currency="USDT" /> : '—',
    },
    {
      key: 'status',
      header: 'Status',
      cell: ({ order }) => <StatusBadge kind="order" status={order.status} />,
    },
    {
      key: 'deadline',
      header: 'Funding deadline',
      cell: ({ order }) =>
        order.status === 'AWAITING_DEPOSIT' && order.expires_at ? (
          <Countdown deadline={realDeadline(order.expires_at, offset)} urgentWithinMs={10 * 60_000} />
        ) : order.status === 'CANCELLED_EXPIRED' ? (
          <span className="text-slate-500">Expired</span>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    { key: 'details', header: 'Details', cell: (row) => <OrderDetails {...row} /> },
  ];
}

function OrderDetails({ order, index }: NumberedOrder) {
  const notify = useToast();
  const mayCancel = useCan(cancelOrderOperation);
  const cancel = useCancelOrder();
  const [downloading, setDownloading] = useState(false);
  const cancellable = order.status === 'AWAITING_DEPOSIT' && mayCancel;
  if (!cancellable && order.status !== 'COMPLETED' && !order.failure_message && !order.tracking_reference) {
    return <span className="text-slate-400">—</span>;
  }
  return (
    <>
      {cancellable ? (
        <ConfirmAction
          trigger={
            <Button size="sm" variant="secondary" aria-label={`Cancel order ${index}`}>
              Cancel
            </Button>
          }
          title={`Cancel order ${index}?`}
          description="It will not be paid. Its USDT returns from held to your available balance at once. This cannot be undone."
          confirmLabel="Cancel the order"
          action={() => cancel.mutateAsync(order.id)}
          success={`Order ${index} cancelled; its USDT is available again`}
          failure="Order not cancelled"
          closeOnError
        />
      ) : null}
      {order.status === 'FAILED' && order.failure_message ? (
        <p className="max-w-xs text-sm text-red-700">{order.failure_message}</p>
      ) : null}
      {order.status === 'COMPLETED' ? (
        <Button
          size="sm"
          variant="secondary"
          busy={downloading}
          aria-label={`Download receipt for order ${index}`}
          onClick={async () => {
            setDownloading(true);
            try {
              await downloadReceipt(order.id);
            } catch (error) {
              notify({
                tone: 'error',
                title: 'Receipt not downloaded',
                description: (error as Error).message,
              });
            } finally {
              setDownloading(false);
            }
          }}
        >
          Receipt
        </Button>
      ) : null}
      {order.tracking_reference ? (
        <div className="mt-1 text-[11px] text-slate-500">
          <span className="font-medium">Tracking ref.</span>{' '}
          <span className="font-mono" title="Tracking reference (UETR): quote it to trace the payment">
            {order.tracking_reference}
          </span>
        </div>
      ) : null}
    </>
  );
}
