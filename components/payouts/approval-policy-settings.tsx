'use client';
// Owns the approval policy page: everyone reads the policy in force; admins turn maker-checker on or off, set the
// threshold above which a batch needs a second person, and switch four eyes on withdrawals and new wallets.
import { useForm, useWatch } from 'react-hook-form';
import { useCan } from '@/components/layout/portal-context';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { Form, FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { FormCheckbox } from '@/components/ui/form-checkbox';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { Money } from '@/components/ui/money';
import { showServerError } from '@/components/ui/server-errors';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { updateApprovalPolicyOperation } from '@/lib/payouts/contract/routes';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { isWaitingPolicyChange, useApprovalPolicy, useUpdateApprovalPolicy } from './api';

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

interface PolicyValues {
  require_separate_confirmer: boolean;
  threshold_usdt: string;
}

interface FourEyesValues {
  withdrawals_require_approval: boolean;
  wallets_require_approval: boolean;
}

const policySchema = lazySchema(() =>
  import('@/lib/payouts/contract/form-schemas').then((m) => m.makerChecker),
);
const fourEyesSchema = lazySchema(() =>
  import('@/lib/payouts/contract/form-schemas').then((m) => m.fourEyes),
);

function PolicyForm({ requireSeparate, threshold }: { requireSeparate: boolean; threshold: string | null }) {
  const notify = useToast();
  const update = useUpdateApprovalPolicy();
  const form = useForm<PolicyValues>({
    mode: 'onChange',
    resolver: useLazyResolver<PolicyValues>(policySchema),
    // Follows the policy in force when it changes (after a save, or another admin's).
    values: { require_separate_confirmer: requireSeparate, threshold_usdt: threshold ?? '' },
  });
  const on = useWatch({ control: form.control, name: 'require_separate_confirmer' });
  const submit = async (values: PolicyValues) => {
    const threshold_usdt = values.threshold_usdt.trim();
    try {
      const answer = await update.mutateAsync({
        require_separate_confirmer: values.require_separate_confirmer,
        threshold_usdt: threshold_usdt === '' ? null : threshold_usdt,
      });
      notify(savedOrWaiting(answer, 'Approval policy saved'));
    } catch (caught) {
      showServerError(form.setError, caught, ['threshold_usdt'], 'Not saved');
    }
  };
  return (
    <Card className="p-4 sm:p-6">
      <Form form={form} onSubmit={submit} summary={false}>
        <h2 className="text-sm font-semibold text-slate-900">Change the policy</h2>
        <FormCheckbox
          control={form.control}
          name="require_separate_confirmer"
          label="Require a second person (maker-checker)"
          description="The user or API key that created a batch cannot confirm it."
        />
        <FormField
          control={form.control}
          name="threshold_usdt"
          label="Threshold (USDT)"
          hint="Batches whose total reaches this need a second person. Leave empty for every batch."
        >
          {(field) => <Input {...field} inputMode="decimal" disabled={!on} placeholder="Every batch" />}
        </FormField>
        <FormServerError />
        <FormSubmit disabled={Boolean(form.formState.errors.threshold_usdt)} changesState>
          Save policy
        </FormSubmit>
      </Form>
    </Card>
  );
}

/** The two four-eyes switches for liquidity: withdrawals, and new address-book wallets. */
function FourEyesForm({ withdrawals, wallets }: { withdrawals: boolean; wallets: boolean }) {
  const notify = useToast();
  const update = useUpdateApprovalPolicy();
  const form = useForm<FourEyesValues>({
    resolver: useLazyResolver<FourEyesValues>(fourEyesSchema),
    values: { withdrawals_require_approval: withdrawals, wallets_require_approval: wallets },
  });
  const submit = async (values: FourEyesValues) => {
    try {
      notify(savedOrWaiting(await update.mutateAsync(values), 'Withdrawal approvals saved'));
    } catch (caught) {
      showServerError(form.setError, caught, [], 'Not saved');
    }
  };
  return (
    <Card className="p-4 sm:p-6">
      <Form form={form} onSubmit={submit} summary={false}>
        <h2 className="text-sm font-semibold text-slate-900">Withdrawals and the address book</h2>
        <FormCheckbox
          control={form.control}
          name="withdrawals_require_approval"
          role="switch"
          label="Withdrawals need a second approver"
          description="The amount is held and nothing is sent until a signed-in approver other than the requester approves it. An API key counts as the person who created it."
        />
        <FormCheckbox
          control={form.control}
          name="wallets_require_approval"
          role="switch"
          label="New address-book wallets need a second approver"
          description="A new address cannot be withdrawn to until another approver approves it; its cooling-off period starts then."
        />
        <FormServerError />
        <FormSubmit changesState>Save withdrawal approvals</FormSubmit>
      </Form>
    </Card>
  );
}

/** A change that relaxes the policy waits (another admin, or the notice period): the toast says so, not "saved". */
function savedOrWaiting(answer: unknown, saved: string) {
  if (!isWaitingPolicyChange(answer)) return { tone: 'success' as const, title: saved };
  return {
    tone: 'info' as const,
    title: answer.apply_after
      ? `This relaxes the policy: it applies on ${new Date(answer.apply_after).toUTCString()} unless cancelled`
      : 'This relaxes the policy: it waits for another admin’s approval',
  };
}
