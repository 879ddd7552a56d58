'use client';
// Owns the quote review of a draft batch: who made it, what each order costs in USDT and where it goes (bank and masked
// account), the total against the available balance, the quote's validity (re-quote when it lapses, showing what
// changed), what changed under the review, and Confirm — for those allowed, with the reason when not — or Discard.
// Never a rate or a margin: the API sends none.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { usePortal } from '@/components/layout/portal-context';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Countdown, DateTime, useNow } from '@/components/ui/date-time';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { useLocale } from '@/components/ui/locale';
import { Money } from '@/components/ui/money';
import { Pagination } from '@/components/ui/pagination';
import { useToast } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/client/errors';
import { formatMoney } from '@/lib/platform/format';
import { usdtShortfall } from '@/lib/platform/money/currencies';
import { dec } from '@/lib/platform/money/decimal';
import {
  type BatchWithOrders,
  type Order,
  realDeadline,
  useBalance,
  useBusinessClockOffset,
  useConfirmBatch,
  useDiscardBatch,
  useRequoteBatch,
} from './api';
import { PURPOSE_MEANINGS } from './catalogue';
import { useLocalPages } from './local-pages';
import { indexColumn, type NumberedOrder } from './numbered-orders';
import { ChangesSinceReview, type Payee, PayeeAccount, type ReviewedRead } from './review-changes';
import { ratesUnavailableText } from './server-errors';

interface Change {
  order: number;
  name: string;
  before: string;
  after: string;
}

/** What changed since the review, grouped as the page shows it: the quote, then each order with its changes. */
interface ReviewChanges {
  general: string[];
  orders: { order: number; name: string; changes: string[] }[];
}

/** Turns a 409 `review_outdated`'s `errors[]` (`orders.N.<input>` / `quote_expires_at`) into the page's diff. */
export function reviewChangesOf(
  errors: readonly { field: string; message: string }[],
  orders: readonly Order[],
  names: ReadonlyMap<string, string>,
): ReviewChanges {
  const result: ReviewChanges = { general: [], orders: [] };
  for (const error of errors) {
    const text = error.message.replace(/^[\w.]+:\s*/, '');
    const match = /^orders\.(\d+)\./.exec(error.field);
    if (!match) {
      result.general.push(text);
      continue;
    }
    const index = Number(match[1]);
    let entry = result.orders.find((o) => o.order === index + 1);
    if (!entry) {
      const order = orders[index];
      entry = {
        order: index + 1,
        name: (order && names.get(order.beneficiary_profile_id)) ?? `Order ${index + 1}`,
        changes: [],
      };
      result.orders.push(entry);
    }
    entry.changes.push(text);
  }
  return result;
}

export function QuoteReview({
  data,
  payees,
  onReload,
}: {
  data: BatchWithOrders;
  /** The beneficiaries the orders pay, by id, as the beneficiaries API returns them. */
  payees: ReadonlyMap<string, Payee>;
  /** Reads the batch (and its payees) again: a fresh review after it changed under the approver. */
  onReload: () => Promise<unknown>;
}) {
  const { batch, orders } = data;
  const names = new Map([...payees].map(([id, payee]) => [id, payee.name]));
  const { sandbox, userId } = usePortal();
  const { locale } = useLocale();
  const router = useRouter();
  const notify = useToast();
  const balance = useBalance();
  const offset = useBusinessClockOffset(sandbox);
  const now = useNow(1000);
  const confirm = useConfirmBatch(batch.id);
  const requote = useRequoteBatch(batch.id);
  const discard = useDiscardBatch(batch.id);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [discardOpen, setDiscardOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [changes, setChanges] = useState<{ total: [string, string]; orders: Change[] } | null>(null);
  const [outdated, setOutdated] = useState<(ReviewChanges & { fields: string[] }) | null>(null);
  const [reviewed, setReviewed] = useState<ReviewedRead | null>(null);
  const [reloading, setReloading] = useState(false);
  // Set in the click itself, before the request goes out: react-query reports isPending only later, and a second click
  // in between would send a second confirm.
  const sendingConfirm = useRef(false);
  const [confirmSent, setConfirmSent] = useState(false);

  const deadline = realDeadline(batch.quote_expires_at, offset);
  const expired = now !== null && new Date(deadline).getTime() <= now;
  const total = batch.source_amount_total;
  const available = balance.data?.available ?? null;
  const shortBy = available !== null ? usdtShortfall(total, available) : null;
  // Who may confirm (role, makers, the approval rules) is the server's to say: the batch's `actions` carry its verdict
  // for this caller. What only this page knows live (a changed batch, the quote's clock, the balance) it says itself.
  const confirmAction = batch.actions?.find((action) => action.name === 'confirm');
  const serverRefusal = confirmAction && !confirmAction.allowed ? confirmAction.reason : null;

  const blockedBecause = outdated
    ? 'The batch changed since you opened it. Review it again before confirming.'
    : expired
      ? 'The quote has expired. Re-quote the batch to see fresh amounts before confirming.'
      : (serverRefusal ??
        (shortBy !== null
          ? `The available balance is short by ${formatMoney(shortBy, 'USDT', { locale, rounding: 'up' })}. Fund your balance, then confirm.`
          : refusal));

  const reviewAgain = async () => {
    setReloading(true);
    // What the approver reviewed, to set beside the read that replaces it.
    const before: ReviewedRead = {
      fields: outdated?.fields ?? [],
      orders,
      payees,
      quoteExpiresAt: batch.quote_expires_at,
    };
    try {
      await onReload();
      setReviewed(before);
      setOutdated(null);
      setRefusal(null);
    } finally {
      setReloading(false);
    }
  };

  // Sends the digest of exactly what this page shows, so the confirm binds what the approver saw.
  const onConfirm = () => {
    if (sendingConfirm.current) return;
    sendingConfirm.current = true;
    setConfirmSent(true);
    confirm.mutate(batch.review_digest, {
      onSettled: () => {
        sendingConfirm.current = false;
        setConfirmSent(false);
      },
      onSuccess: () => {
        setConfirmOpen(false);
        notify({
          tone: 'success',
          title: 'Batch confirmed',
          description: `${formatMoney(total, 'USDT', { locale })} is held for its orders.`,
        });
      },
      onError: (error) => {
        setConfirmOpen(false);
        const message = error instanceof PayoutApiError ? error.message : 'The batch could not be confirmed.';
        if (error instanceof PayoutApiError && error.code === 'review_outdated') {
          setOutdated({
            ...reviewChangesOf(error.fieldErrors, orders, names),
            fields: error.fieldErrors.map((fieldError) => fieldError.field),
          });
          notify({
            tone: 'error',
            title: 'Not confirmed: the batch changed',
            description: 'Review what changed, then confirm again.',
          });
          return;
        }
        setRefusal(message);
        notify({ tone: 'error', title: 'Not confirmed', description: message });
      },
    });
  };

  const onRequote = () =>
    requote.mutate(undefined, {
      onSuccess: (next) => {
        setRefusal(null);
        const before = new Map(orders.map((o) => [o.id, o.source_amount ?? '0']));
        const changed: Change[] = [];
        next.orders.forEach((order, index) => {
          const was = before.get(order.id);
          if (was !== undefined && order.source_amount !== null && !dec(was).eq(order.source_amount))
            changed.push({
              order: index + 1,
              name: names.get(order.beneficiary_profile_id) ?? `Order ${index + 1}`,
              before: was,
              after: order.source_amount,
            });
        });
        setChanges({ total: [total, next.batch.source_amount_total], orders: changed });
        notify({
          tone: 'success',
          title: 'Batch re-quoted',
          description: 'Check the new amounts before confirming.',
        });
      },
      onError: (error) =>
        notify({
          tone: 'error',
          title: 'Not re-quoted',
          description:
            error instanceof PayoutApiError
              ? (ratesUnavailableText(error) ?? error.message)
              : error instanceof Error
                ? error.message
                : '',
        }),
    });

  const onDiscard = () =>
    discard.mutate(undefined, {
      onSuccess: () => {
        notify({ tone: 'success', title: 'Draft discarded' });
        router.push('/batches');
      },
      onError: (error) =>
        notify({
          tone: 'error',
          title: 'Not discarded',
          description: error instanceof Error ? error.message : '',
        }),
    });

  return (
    <div className="space-y-6">
      <Card className="p-4 sm:p-6">
        <div className="grid gap-6 md:grid-cols-3">
          <div>
            <p className="text-sm text-slate-600">Total to fund</p>
            <p className="mt-1 text-2xl font-semibold" data-testid="batch-total">
              <Money amount={total} currency="USDT" />
            </p>
            <p className="mt-1 text-xs text-slate-500">
              {orders.length.toLocaleString()} {orders.length === 1 ? 'order' : 'orders'}. The amount to fund
              includes the provider’s exchange rate and fees.
            </p>
          </div>
          <div>
            <p className="text-sm text-slate-600">Available balance</p>
            <p className="mt-1 text-2xl font-semibold">
              {available !== null ? <Money amount={available} currency="USDT" /> : '…'}
            </p>
            {shortBy !== null ? (
              <div
                role="alert"
                className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900"
              >
                Short by <Money amount={shortBy} currency="USDT" rounding="up" />.{' '}
                <Link href="/#funding-addresses" className="font-semibold underline">
                  Fund your balance
                </Link>
              </div>
            ) : null}
          </div>
          <div>
            <p className="text-sm text-slate-600">Quote valid</p>
            <div className="mt-2" data-testid="quote-countdown">
              <Countdown deadline={deadline} urgentWithinMs={5 * 60_000} />
            </div>
            {expired ? (
              <Button
                className="mt-3"
                variant="secondary"
                onClick={onRequote}
                busy={requote.isPending}
                changesState
              >
                Re-quote
              </Button>
            ) : null}
          </div>
        </div>
        {batch.review_outdated_at ? (
          <p
            className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="review-outdated-note"
          >
            A sender’s or beneficiary’s identity or bank details changed on{' '}
            <DateTime value={batch.review_outdated_at} /> while this batch waited. What you see is current:
            review it before confirming, even if you reviewed it before.
          </p>
        ) : null}
        <p className="mt-4 text-sm text-slate-700" data-testid="batch-makers">
          <span className="font-medium text-slate-900">Made by</span>{' '}
          {batch.makers
            .map(
              (maker) =>
                `${maker.name}${maker.type === 'api_key' ? ' (API key)' : ''}${maker.user_id === userId && userId != null ? ' (you)' : ''}`,
            )
            .join(', ')}
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4">
          {blockedBecause ? (
            <p id="confirm-blocked" className="mr-auto max-w-xl text-sm text-slate-700">
              {blockedBecause}
            </p>
          ) : null}
          <Button variant="ghost" onClick={() => setDiscardOpen(true)} changesState>
            Discard
          </Button>
          <Button
            onClick={() => setConfirmOpen(true)}
            disabled={Boolean(blockedBecause)}
            aria-describedby={blockedBecause ? 'confirm-blocked' : undefined}
            changesState
          >
            Confirm batch
          </Button>
        </div>
      </Card>

      {outdated ? (
        <div role="alert" aria-labelledby="review-outdated-title">
          <Card className="border-amber-300 p-4">
            <h2 id="review-outdated-title" className="text-base font-semibold text-slate-900">
              This batch changed since you opened it
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              It was not confirmed. Review it again: the page will show the batch as it is now.
            </p>
            {outdated.general.length ? (
              <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
                {outdated.general.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            ) : null}
            {outdated.orders.length ? (
              <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="review-diff">
                {outdated.orders.slice(0, 20).map((entry) => (
                  <li key={entry.order}>
                    <span className="font-medium text-slate-900">
                      Order {entry.order} ({entry.name}):
                    </span>{' '}
                    {entry.changes.join('; ')}
                  </li>
                ))}
                {outdated.orders.length > 20 ? <li>and {outdated.orders.length - 20} more orders</li> : null}
              </ul>
            ) : null}
            <Button className="mt-3" onClick={() => void reviewAgain()} busy={reloading}>
              Review again
            </Button>
          </Card>
        </div>
      ) : null}

      {reviewed && !outdated ? (
        <ChangesSinceReview
          reviewed={reviewed}
          current={{ orders, payees, quoteExpiresAt: batch.quote_expires_at }}
        />
      ) : null}

      {changes ? (
        <Card className="p-4" aria-live="polite">
          <h2 className="text-sm font-semibold text-slate-900">What changed with the new quote</h2>
          <p className="mt-1 text-sm text-slate-700">
            Total: <Money amount={changes.total[0]} currency="USDT" /> →{' '}
            <Money amount={changes.total[1]} currency="USDT" />
          </p>
          {changes.orders.length ? (
            <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
              {changes.orders.slice(0, 20).map((c) => (
                <li key={c.order}>
                  Order {c.order} ({c.name}): <Money amount={c.before} currency="USDT" /> →{' '}
                  <Money amount={c.after} currency="USDT" />
                </li>
              ))}
              {changes.orders.length > 20 ? <li>and {changes.orders.length - 20} more</li> : null}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">No order’s amount changed.</p>
          )}
        </Card>
      ) : null}

      <QuoteOrders orders={orders} payees={payees} />

      <Dialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Confirm this batch?"
        description="Confirming holds the total from your available balance and starts every order. It cannot be undone, though orders awaiting deposit can be cancelled one by one."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button onClick={onConfirm} busy={confirm.isPending || confirmSent} changesState>
              Confirm and hold {formatMoney(total, 'USDT', { locale })}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {orders.length.toLocaleString()} {orders.length === 1 ? 'order' : 'orders'}, total{' '}
          <strong>
            <Money amount={total} currency="USDT" />
          </strong>
          .
        </p>
      </Dialog>
      <ConfirmDialog
        open={discardOpen}
        onOpenChange={setDiscardOpen}
        title="Discard this draft?"
        description="The draft and its quote are cancelled. Nothing was charged."
        confirmLabel="Discard draft"
        onConfirm={onDiscard}
        busy={discard.isPending}
      />
    </div>
  );
}

function quoteColumns(payees: ReadonlyMap<string, Payee>): Column<NumberedOrder>[] {
  return [
    indexColumn,
    {
      key: 'beneficiary',
      header: 'Beneficiary',
      cell: ({ order }) => {
        const payee = payees.get(order.beneficiary_profile_id);
        return (
          <>
            {payee?.name ?? '…'}
            <div className="text-xs text-slate-500">
              <PayeeAccount payee={payee} />
            </div>
          </>
        );
      },
    },
    {
      key: 'amount',
      header: 'Beneficiary receives',
      cell: ({ order }) => <Money amount={order.beneficiary_amount} currency={order.beneficiary_currency} />,
    },
    {
      key: 'fee',
      header: 'Fee and type',
      cell: ({ order }) => (
        <>
          {order.fee_amount !== null ? (
            <Money amount={order.fee_amount} currency={order.beneficiary_currency} />
          ) : (
            '—'
          )}
          <div className="text-xs text-slate-500">{order.fee_type}</div>
        </>
      ),
    },
    {
      key: 'purpose',
      header: 'Purpose',
      cell: ({ order }) => <span title={PURPOSE_MEANINGS[order.purpose_code]}>{order.purpose_code}</span>,
    },
    {
      key: 'usdt',
      header: 'USDT to fund',
      cell: ({ order }) => (
        <span className="font-medium">
          {order.source_amount !== null ? <Money amount={order.source_amount} currency="USDT" /> : '—'}
        </span>
      ),
    },
    {
      key: 'reference',
      header: 'Reference',
      cell: ({ order }) => <span className="text-slate-600">{order.client_reference ?? '—'}</span>,
    },
  ];
}

function QuoteOrders({ orders, payees }: { orders: readonly Order[]; payees: ReadonlyMap<string, Payee> }) {
  const pages = useLocalPages(orders, 50);
  return (
    <section aria-labelledby="quote-orders" className="space-y-3">
      <h2 id="quote-orders" className="text-lg font-semibold text-slate-900">
        Orders
      </h2>
      <DataTable
        caption="Quoted orders"
        columns={quoteColumns(payees)}
        rows={pages.items.map((order, i) => ({ order, index: pages.offset + i + 1 }))}
        rowKey={(row) => row.order.id}
      />
      {orders.length > 50 ? <Pagination params={pages.params} total={orders.length} /> : null}
    </section>
  );
}
