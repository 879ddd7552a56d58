'use client';
// Owns the payouts desk of the support console (operations): orders to pay by currency and payout account, the payee's
// full details on request (a staff read), marking orders sent, and — for someone other than who marked them sent —
// recording each outcome — by hand or through a payment file (build, download, mark sent, apply the bank's report:
// ./desk-payment-files). The server runs every step through the order lifecycle; this page only asks.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import type { DeskOrderWire, DeskPayeeWire, DeskWire } from '@/lib/payouts/contract/desk-schemas';
import {
  buildPaymentFileOperation,
  getDeskPayeeOperation,
  getPayoutsDeskOperation,
  listPaymentFilesOperation,
  markOrdersSentOperation,
  recordPayoutOutcomeOperation,
} from '@/lib/payouts/contract/routes';
import { apiFetch, PayoutApiError } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { formatMoney } from '@/lib/platform/format';
import { DeskPaymentFiles } from './desk-payment-files';

type Group = DeskWire['to_pay'][number];

const errorText = (error: unknown) =>
  error instanceof PayoutApiError ? error.message : 'Something went wrong. Try again.';

function Payee({ order }: { order: DeskOrderWire }) {
  const [payee, setPayee] = useState<DeskPayeeWire | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useToast();
  if (payee)
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs" aria-label={`Payee of order ${order.id}`}>
        <dt className="text-slate-500">Account</dt>
        <dd className="font-mono">{payee.iban ?? payee.account_number}</dd>
        <dt className="text-slate-500">BIC</dt>
        <dd className="font-mono">{payee.swift_bic ?? '—'}</dd>
        {payee.routing_code ? (
          <>
            <dt className="text-slate-500">{payee.routing_code_type ?? 'Routing'}</dt>
            <dd className="font-mono">{payee.routing_code}</dd>
          </>
        ) : null}
      </dl>
    );
  return (
    <Button
      variant="ghost"
      size="sm"
      busy={busy}
      onClick={async () => {
        setBusy(true);
        try {
          setPayee(
            await apiFetch(getDeskPayeeOperation, { params: { orgId: order.org_id, orderId: order.id } }),
          );
        } catch (error) {
          notify({ title: 'The payee could not be read', description: errorText(error), tone: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      Show account ···{order.account_last4 ?? ''}
    </Button>
  );
}

function GroupTitle({ group }: { group: Group }) {
  return (
    <>
      {group.currency} ·{' '}
      {group.payout_account
        ? `from ${group.payout_account.name} (${group.payout_account.account_number})`
        : 'no payout account: a support lead adds one'}
    </>
  );
}

function ToPay({ group }: { group: Group }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<'sent' | 'file' | null>(null);
  const queryClient = useQueryClient();
  const notify = useToast();
  const toggle = (id: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const buildFile = async () => {
    setBusy('file');
    try {
      const file = await apiFetch(buildPaymentFileOperation, { body: { order_ids: [...chosen] } });
      notify({
        title: `Payment file built: ${file.transaction_count} ${file.transaction_count === 1 ? 'transaction' : 'transactions'}`,
        description: `${file.filename}: download it, send it to the bank, then mark it sent.`,
        tone: 'success',
      });
      setChosen(new Set());
      // The desk too: its orders now show "In a payment file" instead of a checkbox (sending one by hand is a 409).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [listPaymentFilesOperation.id] }),
        queryClient.invalidateQueries({ queryKey: [getPayoutsDeskOperation.id] }),
      ]);
    } catch (error) {
      notify({ title: 'No file was built', description: errorText(error), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const markSent = async () => {
    setBusy('sent');
    try {
      const { data } = await apiFetch(markOrdersSentOperation, { body: { order_ids: [...chosen] } });
      notify({
        title: `${data.length} ${data.length === 1 ? 'order' : 'orders'} marked sent`,
        tone: 'success',
      });
      setChosen(new Set());
      await queryClient.invalidateQueries({ queryKey: [getPayoutsDeskOperation.id] });
    } catch (error) {
      notify({ title: 'Nothing was marked sent', description: errorText(error), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card
      title={<GroupTitle group={group} />}
      action={
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            busy={busy === 'file'}
            disabled={chosen.size === 0 || !group.payout_account}
            onClick={buildFile}
          >
            Build payment file
          </Button>
          <Button
            size="sm"
            variant="ghost"
            busy={busy === 'sent'}
            disabled={chosen.size === 0 || !group.payout_account}
            onClick={markSent}
          >
            Mark {chosen.size || ''} sent
          </Button>
        </div>
      }
    >
      <Table
        columns={['', 'Organization', 'Payee', 'Amount', 'Bank', 'Account']}
        caption={`To pay in ${group.currency}`}
      >
        {group.orders.map((order) => (
          <tr key={order.id}>
            <td className="px-3 py-2">
              {order.payment_file_id ? (
                <span className="text-xs text-slate-600">In a payment file</span>
              ) : (
                <input
                  type="checkbox"
                  aria-label={`Choose order ${order.id}`}
                  checked={chosen.has(order.id)}
                  onChange={() => toggle(order.id)}
                />
              )}
            </td>
            <td className="px-3 py-2">{order.org_name}</td>
            <td className="px-3 py-2">
              {order.beneficiary_name}
              <span className="block text-xs text-slate-500">{order.beneficiary_country}</span>
            </td>
            <td className="px-3 py-2 font-mono tabular-nums">
              {formatMoney(order.beneficiary_amount, order.beneficiary_currency)}
            </td>
            <td className="px-3 py-2 text-xs">
              {order.bank_name ?? '—'}
              <span className="block font-mono">{order.swift_bic ?? ''}</span>
            </td>
            <td className="px-3 py-2">
              <Payee order={order} />
            </td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}

function Outcome({ order, me }: { order: DeskOrderWire; me: string }) {
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'paid' | 'failed' | null>(null);
  const queryClient = useQueryClient();
  const notify = useToast();
  if (order.sent_by_user_id === me)
    return <p className="text-xs text-slate-600">You marked it sent: someone else records its outcome.</p>;
  const record = async (
    body: { outcome: 'paid'; bank_reference: string } | { outcome: 'failed'; reason: string },
  ) => {
    setBusy(body.outcome);
    try {
      await apiFetch(recordPayoutOutcomeOperation, { params: { orderId: order.id }, body });
      notify({ title: body.outcome === 'paid' ? 'Recorded as paid' : 'Recorded as failed', tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: [getPayoutsDeskOperation.id] });
    } catch (error) {
      notify({ title: 'The outcome was not recorded', description: errorText(error), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <Input
          aria-label={`Bank reference of order ${order.id}`}
          placeholder="Bank reference"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
        <Button
          size="sm"
          busy={busy === 'paid'}
          disabled={reference.trim() === ''}
          onClick={() => record({ outcome: 'paid', bank_reference: reference.trim() })}
        >
          Paid
        </Button>
      </div>
      <div className="flex gap-2">
        <Input
          aria-label={`Failure reason of order ${order.id}`}
          placeholder="Reason the client reads"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button
          size="sm"
          variant="danger"
          busy={busy === 'failed'}
          disabled={reason.trim() === ''}
          onClick={() => record({ outcome: 'failed', reason: reason.trim() })}
        >
          Failed
        </Button>
      </div>
    </div>
  );
}

function InFlight({ group, me }: { group: Group; me: string }) {
  return (
    <Card title={<GroupTitle group={group} />}>
      <Table
        columns={['Organization', 'Payee', 'Amount', 'UETR', 'Outcome']}
        caption={`In flight in ${group.currency}`}
      >
        {group.orders.map((order) => (
          <tr key={order.id}>
            <td className="px-3 py-2">{order.org_name}</td>
            <td className="px-3 py-2">{order.beneficiary_name}</td>
            <td className="px-3 py-2 font-mono tabular-nums">
              {formatMoney(order.beneficiary_amount, order.beneficiary_currency)}
            </td>
            <td className="px-3 py-2 font-mono text-xs">{order.tracking_reference}</td>
            <td className="px-3 py-2">
              <Outcome order={order} me={me} />
            </td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}

export function DeskPayouts({ me }: { me: string }) {
  const result = useApiQuery(getPayoutsDeskOperation, {});
  if (result.isPending) return <LoadingBlock label="Loading the desk" />;
  if (result.isError) return <ErrorState error={result.error} onRetry={() => result.refetch()} />;
  const desk = result.data;
  return (
    <div className="space-y-6">
      <section aria-labelledby="to-pay-heading" className="space-y-3">
        <h2 id="to-pay-heading" className="text-lg font-semibold">
          To pay <Badge tone="neutral">{desk.to_pay.reduce((n, group) => n + group.orders.length, 0)}</Badge>
        </h2>
        {desk.to_pay.length === 0 ? (
          <EmptyState title="Nothing to pay" description="Funded orders appear here." />
        ) : (
          desk.to_pay.map((group) => (
            <ToPay key={`${group.currency}:${group.payout_account?.id}`} group={group} />
          ))
        )}
      </section>
      <DeskPaymentFiles me={me} />
      <section aria-labelledby="in-flight-heading" className="space-y-3">
        <h2 id="in-flight-heading" className="text-lg font-semibold">
          Sent, waiting for the bank{' '}
          <Badge tone="neutral">{desk.in_flight.reduce((n, group) => n + group.orders.length, 0)}</Badge>
        </h2>
        {desk.in_flight.length === 0 ? (
          <EmptyState
            title="Nothing in flight"
            description="Orders marked sent wait here for their outcome."
          />
        ) : (
          desk.in_flight.map((group) => (
            <InFlight key={`${group.currency}:${group.payout_account?.id}`} group={group} me={me} />
          ))
        )}
      </section>
    </div>
  );
}
