'use client';
// Owns the approval policy page: everyone reads the policy in force; admins turn maker-checker on or off, set the
// threshold above which a batch needs a second person, and switch four eyes on withdrawals and new wallets.
import { useEffect, useState } from 'react';
import { useCan } from '@/components/layout/portal-context';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { updateApprovalPolicyOperation } from '@/lib/api/routes';
import { PayoutApiError } from '@/lib/client/errors';
import { useApprovalPolicy, useUpdateApprovalPolicy } from './api';

export function ApprovalPolicySettings() {
  const policy = useApprovalPolicy();
  const mayChange = useCan(updateApprovalPolicyOperation);
  if (policy.isPending) return <LoadingBlock label="Loading the approval policy" />;
  if (policy.isError)
    return (
      <ErrorState
        title="The policy could not be loaded"
        error={policy.error}
        onRetry={() => void policy.refetch()}
      />
    );
  const p = policy.data;
  return (
    <div className="max-w-2xl space-y-6">
      <Card className="p-4 sm:p-6">
        <h2 className="text-sm font-semibold text-slate-900">Policy in force</h2>
        <p className="mt-2 text-sm text-slate-700" data-testid="policy-summary">
          {!p.require_separate_confirmer
            ? 'Maker-checker is off: any approver or admin may confirm any batch, including one they created.'
            : p.threshold_usdt === null
              ? 'Maker-checker is on for every batch: the person or API key that created a batch cannot confirm it.'
              : null}
          {p.require_separate_confirmer && p.threshold_usdt !== null ? (
            <>
              Maker-checker is on for batches of <Money amount={p.threshold_usdt} currency="USDT" /> or more:
              their creator cannot confirm them. Smaller batches may be confirmed by any approver.
            </>
          ) : null}
        </p>
        <p className="mt-2 text-sm text-slate-700" data-testid="four-eyes-summary">
          {p.withdrawals_require_approval
            ? 'Every withdrawal waits for a second approver before anything is sent.'
            : 'Withdrawals go to custody as soon as an approver requests them.'}{' '}
          {p.wallets_require_approval
            ? 'Every new address-book wallet waits for a second approver; its cooling-off starts then.'
            : 'New address-book wallets need no second approver.'}
        </p>
        {p.updated_at ? (
          <p className="mt-1 text-xs text-slate-500">
            Last changed <DateTime value={p.updated_at} />
          </p>
        ) : null}
      </Card>
      {mayChange ? (
        <>
          <PolicyForm requireSeparate={p.require_separate_confirmer} threshold={p.threshold_usdt} />
          <FourEyesForm withdrawals={p.withdrawals_require_approval} wallets={p.wallets_require_approval} />
        </>
      ) : (
        <p className="text-sm text-slate-600">Only admins can change the policy.</p>
      )}
    </div>
  );
}

function PolicyForm({ requireSeparate, threshold }: { requireSeparate: boolean; threshold: string | null }) {
  const notify = useToast();
  const update = useUpdateApprovalPolicy();
  const [on, setOn] = useState(requireSeparate);
  const [amount, setAmount] = useState(threshold ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setOn(requireSeparate);
    setAmount(threshold ?? '');
  }, [requireSeparate, threshold]);

  const amountProblem =
    amount.trim() === '' || /^\d+(\.\d{1,6})?$/.test(amount.trim())
      ? amount.trim() !== '' && !/[1-9]/.test(amount)
        ? 'Must be greater than zero'
        : null
      : 'Use digits and one decimal point, at most 6 decimals';

  return (
    <Card className="p-4 sm:p-6">
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (amountProblem) return;
          setError(null);
          update.mutate(
            { require_separate_confirmer: on, threshold_usdt: amount.trim() === '' ? null : amount.trim() },
            {
              onSuccess: () => notify({ tone: 'success', title: 'Approval policy saved' }),
              onError: (e) => setError(e instanceof PayoutApiError ? e.message : 'Not saved'),
            },
          );
        }}
      >
        <h2 className="text-sm font-semibold text-slate-900">Change the policy</h2>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4"
            checked={on}
            onChange={(e) => setOn(e.target.checked)}
          />
          <span>
            Require a second person (maker-checker)
            <span className="block text-xs text-slate-500">
              The user or API key that created a batch cannot confirm it.
            </span>
          </span>
        </label>
        <Field
          label="Threshold (USDT)"
          hint="Batches whose total reaches this need a second person. Leave empty for every batch."
          error={amountProblem ?? undefined}
        >
          <Input
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="decimal"
            disabled={!on}
            placeholder="Every batch"
          />
        </Field>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={update.isPending} disabled={Boolean(amountProblem)} changesState>
          Save policy
        </Button>
      </form>
    </Card>
  );
}

/** The two four-eyes switches for liquidity: withdrawals, and new address-book wallets. */
function FourEyesForm({ withdrawals, wallets }: { withdrawals: boolean; wallets: boolean }) {
  const notify = useToast();
  const update = useUpdateApprovalPolicy();
  const [withdrawalsOn, setWithdrawalsOn] = useState(withdrawals);
  const [walletsOn, setWalletsOn] = useState(wallets);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setWithdrawalsOn(withdrawals);
    setWalletsOn(wallets);
  }, [withdrawals, wallets]);
  return (
    <Card className="p-4 sm:p-6">
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          update.mutate(
            { withdrawals_require_approval: withdrawalsOn, wallets_require_approval: walletsOn },
            {
              onSuccess: () => notify({ tone: 'success', title: 'Withdrawal approvals saved' }),
              onError: (e) => setError(e instanceof PayoutApiError ? e.message : 'Not saved'),
            },
          );
        }}
      >
        <h2 className="text-sm font-semibold text-slate-900">Withdrawals and the address book</h2>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            role="switch"
            aria-checked={withdrawalsOn}
            className="mt-0.5 size-4"
            checked={withdrawalsOn}
            onChange={(e) => setWithdrawalsOn(e.target.checked)}
          />
          <span>
            Withdrawals need a second approver
            <span className="block text-xs text-slate-500">
              The amount is held and nothing is sent until a signed-in approver other than the requester
              approves it. An API key counts as the person who created it.
            </span>
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            role="switch"
            aria-checked={walletsOn}
            className="mt-0.5 size-4"
            checked={walletsOn}
            onChange={(e) => setWalletsOn(e.target.checked)}
          />
          <span>
            New address-book wallets need a second approver
            <span className="block text-xs text-slate-500">
              A new address cannot be withdrawn to until another approver approves it; its cooling-off period
              starts then.
            </span>
          </span>
        </label>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={update.isPending} changesState>
          Save withdrawal approvals
        </Button>
      </form>
    </Card>
  );
}
