'use client';
// Owns requesting a withdrawal (approvers): an address-book wallet past its cooling-off, and an amount checked against
// the available balance before it is sent (the API checks again, under the organization's funding lock).
import Decimal from 'decimal.js';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { PayoutApiError } from '@/lib/browser/api';
import { chainName, formatMoney, shortenMiddle, statusLabel } from '@/lib/format';
import type { WithdrawalWire } from '@/lib/schemas/liquidity';
import { useBalance, useCreateWithdrawal, useWallets } from './queries';

const AMOUNT = /^\d+(\.\d{1,6})?$/;

export function RequestWithdrawal() {
  const balance = useBalance();
  const wallets = useWallets();
  const [walletId, setWalletId] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<WithdrawalWire | null>(null);
  const submit = useCreateWithdrawal();

  const usable = (wallets.data?.items ?? []).filter((wallet) => wallet.status === 'ACTIVE');
  const coolingOff = (wallets.data?.items ?? []).filter(
    (wallet) => wallet.status === 'COOLING_OFF' || wallet.status === 'PENDING_APPROVAL',
  );
  const available = balance.data?.available;

  function validate(): string | null {
    if (!walletId) return 'Choose a wallet from the address book.';
    if (!AMOUNT.test(amount)) return 'Enter an amount in USDT with at most 6 decimals, e.g. 250.50.';
    if (new Decimal(amount).lte(0)) return 'The amount must be greater than zero.';
    if (available && new Decimal(amount).gt(available)) {
      return `The amount is more than the available balance (${formatMoney(available, 'USDT', { precision: 'exact' })}).`;
    }
    return null;
  }

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
          {available ? formatMoney(available, 'USDT', { precision: 'exact' }) : '…'}
        </span>
        . The amount is held at once and leaves the balance when custody confirms it on chain.
      </p>
      <form
        className="mt-4 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setDone(null);
          const invalid = validate();
          setProblem(invalid);
          if (invalid) return;
          submit.mutate(
            { body: { amount, wallet_id: walletId }, idempotencyKey: crypto.randomUUID() },
            {
              onSuccess: (withdrawal) => {
                setDone(withdrawal);
                setAmount('');
              },
              onError: (error) =>
                setProblem(error instanceof PayoutApiError ? error.message : 'The request failed'),
            },
          );
        }}
      >
        <label className="text-sm font-medium text-slate-700">
          To wallet
          <select
            value={walletId}
            onChange={(event) => setWalletId(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
          >
            <option value="">Choose a wallet…</option>
            {usable.map((wallet) => (
              <option key={wallet.id} value={wallet.id}>
                {wallet.label ?? 'Wallet'} · {chainName(wallet.chain)} · {shortenMiddle(wallet.address, 6)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Amount (USDT)
          <input
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value.trim())}
            placeholder="250.00"
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-2 font-mono text-sm"
          />
        </label>
        <Button type="submit" busy={submit.isPending} changesState>
          Withdraw
        </Button>
      </form>
      {coolingOff.length ? (
        <p className="mt-2 text-xs text-slate-500">
          {coolingOff.length} new address{coolingOff.length === 1 ? ' is' : 'es are'} still waiting for
          approval or cooling off and cannot be used yet.
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="mt-3 text-sm text-emerald-700">
          Withdrawal of {formatMoney(done.amount, 'USDT', { precision: 'exact' })} submitted (
          {statusLabel(done.status)}).
          {done.sub_status === 'pending_approval'
            ? ' It is held and waits for a second approver: another approver must approve it before it is sent.'
            : null}
        </p>
      ) : null}
    </section>
  );
}
