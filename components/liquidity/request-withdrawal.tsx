'use client';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FORM_ERROR, Form, FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { NativeSelect } from '@/components/ui/native-select';
import { showServerError } from '@/components/ui/server-errors';
import type { WithdrawalWire } from '@/lib/liquidity/contract/schemas';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
// Owns requesting a withdrawal (approvers): an address-book wallet past its cooling-off, and an amount checked against
// the available balance before it is sent (the API checks again, under the organization's funding lock).
import { chainName, formatMoney, shortenMiddle, statusLabel } from '@/lib/platform/format';
import { USDT } from '@/lib/platform/money/facts';
import { readTypedAmount } from '@/lib/platform/money/typed-amount';
import { useBalance, useCreateWithdrawal, useWallets } from './queries';

interface Values {
  wallet_id: string;
  amount: string;
}

const schema = lazySchema(() => import('@/lib/liquidity/contract/form-schemas').then((m) => m.withdrawal));

export function RequestWithdrawal() {
  const balance = useBalance();
  const wallets = useWallets();
  const [done, setDone] = useState<WithdrawalWire | null>(null);
  const [asking, setAsking] = useState<{ values: Values; idempotencyKey: string } | null>(null);
  const create = useCreateWithdrawal();
  const form = useForm<Values>({
    resolver: useLazyResolver<Values>(schema),
    defaultValues: { wallet_id: '', amount: '' },
  });

  const usable = (wallets.data?.items ?? []).filter((wallet) => wallet.status === 'ACTIVE');
  const coolingOff = (wallets.data?.items ?? []).filter(
    (wallet) => wallet.status === 'COOLING_OFF' || wallet.status === 'PENDING_APPROVAL',
  );
  const available = balance.data?.available;
  // The amount as it will be sent, said whenever it holds a separator (1 250.5 → 1,250.50 USDT; 1.500 → 1.50 USDT).
  const typed = form.watch('amount');
  const reading = readTypedAmount(typed, USDT).amount;
  const readAs =
    reading !== null && /\D/.test(typed.trim()) ? `Reads as ${formatMoney(reading, USDT)}` : undefined;

  // Money leaves on chain and cannot be called back: a valid form first asks, naming amount, network and wallet.
  const submit = (values: Values) => {
    setDone(null);
    if (available && new Decimal(values.amount).gt(available)) {
      form.setError(FORM_ERROR, {
        type: 'balance',
        message: `The amount is more than the available balance (${formatMoney(available, 'USDT')}).`,
      });
      return;
    }
    // One key per confirmation: a retry of that request sends the same key, so it is never executed twice.
    setAsking({ values, idempotencyKey: crypto.randomUUID() });
  };

  const send = async () => {
    if (!asking) return;
    try {
      const withdrawal = await create.mutateAsync({
        body: { amount: asking.values.amount, wallet_id: asking.values.wallet_id },
        idempotencyKey: asking.idempotencyKey,
      });
      setAsking(null);
      setDone(withdrawal);
      form.resetField('amount');
    } catch (caught) {
      setAsking(null);
      showServerError(form.setError, caught, ['amount', 'wallet_id'], 'The request failed');
    }
  };
  const chosen = asking ? usable.find((wallet) => wallet.id === asking.values.wallet_id) : undefined;
  const askedAmount = asking ? formatMoney(asking.values.amount, 'USDT') : '';

  return (
    <section
      aria-labelledby="request-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="request-heading" className="text-base font-semibold text-slate-900">
        Request a withdrawal
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Available: {/* Exact: it is the most that can be withdrawn, to the last unit. */}
        <span className="font-semibold tabular-nums" data-testid="withdrawal-available">
          {available ? formatMoney(available, 'USDT') : '…'}
        </span>
        . The amount is held at once and leaves the balance when custody confirms it on chain.
      </p>
      <Form form={form} onSubmit={submit} summary={false} className="mt-4 space-y-3">
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
          <FormField control={form.control} name="wallet_id" label="To wallet">
            {(field) => (
              <NativeSelect {...field}>
                <option value="">Choose a wallet…</option>
                {usable.map((wallet) => (
                  <option key={wallet.id} value={wallet.id}>
                    {wallet.label ?? 'Wallet'} · {chainName(wallet.chain)} ·{' '}
                    {shortenMiddle(wallet.address, 6)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField control={form.control} name="amount" label="Amount (USDT)" hint={readAs}>
            {(field) => <Input inputMode="decimal" placeholder="250.00" className="font-mono" {...field} />}
          </FormField>
          <FormSubmit className="sm:mt-6" changesState>
            Withdraw
          </FormSubmit>
        </div>
        <FormServerError />
      </Form>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open && !create.isPending) setAsking(null);
        }}
        title="Send this withdrawal?"
        description={
          chosen ? (
            <>
              <span className="block font-semibold text-slate-900">
                {askedAmount} to {chosen.label ?? 'Unlabelled wallet'} on {chainName(chosen.chain)}
              </span>
              <span className="mt-1 block font-mono text-xs break-all">{chosen.address}</span>
              <span className="mt-2 block">
                The amount is held at once. Once custody sends it on chain it cannot be called back.
              </span>
            </>
          ) : null
        }
        confirmLabel={`Withdraw ${askedAmount}`}
        destructive={false}
        busy={create.isPending}
        onConfirm={() => void send()}
      />
      {coolingOff.length ? (
        <p className="mt-2 text-xs text-slate-500">
          {coolingOff.length} new address{coolingOff.length === 1 ? ' is' : 'es are'} still waiting for
          approval or cooling off and cannot be used yet.
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-3 text-sm text-emerald-700">
          Withdrawal of {formatMoney(done.amount, 'USDT')} submitted ({statusLabel(done.status)}).
          {done.sub_status === 'pending_approval'
            ? ' It is held and waiting for a second approver: another approver must approve it before it is sent.'
            : null}
        </p>
      ) : null}
    </section>
  );
}
