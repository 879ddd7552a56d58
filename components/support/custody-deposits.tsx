'use client';
// Owns the deposits of the support console's Custody page (operations, manual custody): recording a deposit that
// reached the provider's custody, and the recorded ones waiting for a second person, who confirms (the organization is
// credited) or rejects them with a reason. The server holds four eyes on a confirmation (403
// `second_person_required`); the page says so before anyone clicks, and shows the server's refusal if it comes.
// Rejecting moves no money, so the recorder may reject their own record (decision 0309).
import { useForm } from 'react-hook-form';
import { errorText } from '@/components/settings/errors';
import { CUSTODY_CHAINS, chainName } from '@/components/support/custody-chains';
import { OrganizationPicker, type PickedOrganization } from '@/components/support/organization-picker';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DateTime } from '@/components/ui/date-time';
import { DialogForm } from '@/components/ui/dialog-form';
import { Form, FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { Select } from '@/components/ui/select';
import { showServerError } from '@/components/ui/server-errors';
import { ListStates } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import {
  confirmManualDepositOperation,
  listManualDepositsOperation,
  recordManualDepositOperation,
  rejectManualDepositOperation,
} from '@/lib/funding/contract/routes';
import type { ManualDepositWire } from '@/lib/funding/contract/support-schemas';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import { formatMoney } from '@/lib/platform/format';

const depositSchema = lazySchema(() =>
  import('@/lib/funding/contract/support-form-schemas').then((m) => m.manualDeposit),
);
const rejectionSchema = lazySchema(() =>
  import('@/lib/funding/contract/support-form-schemas').then((m) => m.depositRejection),
);

interface DepositValues {
  organization: PickedOrganization | null;
  chain: string;
  amount: string;
  transaction_hash: string;
}

const EMPTY: DepositValues = { organization: null, chain: 'tron', amount: '', transaction_hash: '' };
const WAITING = { query: { status: 'recorded' } } as const;

function RecordDeposit() {
  const refresh = useRefresh(listManualDepositsOperation);
  const notify = useToast();
  const form = useForm<DepositValues>({
    resolver: useLazyResolver<DepositValues>(depositSchema),
    defaultValues: EMPTY,
  });
  const submit = async ({ organization, chain, amount, transaction_hash }: DepositValues) => {
    if (!organization) return;
    try {
      const deposit = await apiFetch(recordManualDepositOperation, {
        body: { org_id: organization.id, chain, amount, transaction_hash },
      });
      notify({
        tone: 'success',
        title: `${formatMoney(deposit.amount, 'USDT')} recorded for ${deposit.org_name}`,
        description: 'Nothing is credited until someone else with the operations role confirms it.',
      });
      form.reset(EMPTY);
      await refresh();
    } catch (error) {
      showServerError(
        form.setError,
        error,
        ['chain', 'amount', 'transaction_hash'],
        'The deposit was not recorded. Try again.',
      );
    }
  };
  return (
    <Card
      title="Record a deposit"
      description="USDT that reached the provider's custody for an organization. Someone else confirms it before the organization is credited."
    >
      <Form form={form} onSubmit={submit} aria-label="Record a deposit">
        <FormField control={form.control} name="organization" label="Organization">
          {(field) => <OrganizationPicker value={field.value} onChange={field.onChange} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField control={form.control} name="chain" label="Chain">
            {(field) => (
              <Select value={field.value} onValueChange={field.onChange} options={CUSTODY_CHAINS} />
            )}
          </FormField>
          <FormField control={form.control} name="amount" label="Amount (USDT)" hint="At most 6 decimals.">
            {(field) => <Input inputMode="decimal" autoComplete="off" {...field} />}
          </FormField>
        </div>
        <FormField control={form.control} name="transaction_hash" label="Transaction hash">
          {(field) => <Input autoComplete="off" spellCheck={false} className="font-mono" {...field} />}
        </FormField>
        <FormServerError />
        <FormSubmit>Record deposit</FormSubmit>
      </Form>
    </Card>
  );
}

function RejectDeposit({ deposit, onDone }: { deposit: ManualDepositWire; onDone: () => void }) {
  const dialog = useDialogForm<{ reason: string }>({
    schema: rejectionSchema,
    defaultValues: { reason: '' },
    submit: ({ reason }) =>
      apiFetch(rejectManualDepositOperation, { params: { depositId: deposit.id }, body: { reason } }),
    fields: ['reason'],
    fallback: 'The deposit was not rejected. Try again.',
    success: { title: 'Deposit rejected', description: 'Nothing was credited.' },
    onDone,
  });
  return (
    <DialogForm
      {...dialog}
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Reject the deposit ${deposit.transaction_hash}`}>
          Reject
        </Button>
      }
      title="Reject the deposit"
      description={`${formatMoney(deposit.amount, 'USDT')} for ${deposit.org_name}: nothing is credited, and its transaction hash cannot be recorded again.`}
      submitLabel="Reject deposit"
      submitVariant="danger"
    >
      <FormField control={dialog.form.control} name="reason" label="Reason">
        {(field) => <Input autoComplete="off" {...field} />}
      </FormField>
    </DialogForm>
  );
}

function Decision({ deposit, me, onDone }: { deposit: ManualDepositWire; me: string; onDone: () => void }) {
  const mine = deposit.recorded_by_user_id === me;
  return (
    <div className="flex flex-col gap-1 max-md:items-end">
      <div className="flex gap-2">
        {mine ? (
          <Button size="sm" disabled aria-describedby={`mine-${deposit.id}`}>
            Confirm
          </Button>
        ) : (
          <ConfirmAction
            trigger={
              <Button size="sm" aria-label={`Confirm the deposit ${deposit.transaction_hash}`}>
                Confirm
              </Button>
            }
            title="Confirm the deposit"
            description={`${deposit.org_name} is credited ${formatMoney(deposit.amount, 'USDT')} at once. Confirm only what you have seen arrive in custody.`}
            confirmLabel="Confirm and credit"
            action={() => apiFetch(confirmManualDepositOperation, { params: { depositId: deposit.id } })}
            success={`${deposit.org_name} credited ${formatMoney(deposit.amount, 'USDT')}`}
            failure="The deposit was not confirmed"
            describeError={(error) => errorText(error)}
            closeOnError
            onDone={onDone}
          />
        )}
        <RejectDeposit deposit={deposit} onDone={onDone} />
      </div>
      {mine ? (
        <p id={`mine-${deposit.id}`} className="text-xs text-slate-600">
          You recorded it: someone else confirms it.
        </p>
      ) : null}
    </div>
  );
}

function WaitingDeposits({ me }: { me: string }) {
  const result = useApiQuery(listManualDepositsOperation, WAITING);
  const refresh = useRefresh(listManualDepositsOperation);
  const count = result.data?.data.length;
  return (
    <Card
      title={
        <>Waiting for a second person {count === undefined ? null : <Badge tone="neutral">{count}</Badge>}</>
      }
      description="Confirm a deposit only once you have seen it in custody; the organization is credited at once."
    >
      <ListStates
        result={result}
        loading="Loading the recorded deposits"
        error="Could not load the recorded deposits"
        empty={{ title: 'Nothing to confirm', description: 'Deposits recorded by operations wait here.' }}
      >
        {(deposits) => (
          <Table
            columns={['Organization', 'Chain', 'Amount', 'Transaction hash', 'Recorded', '']}
            caption="Deposits waiting for a second person"
          >
            {deposits.map((deposit) => (
              <tr key={deposit.id}>
                <td className="px-3 py-2">{deposit.org_name}</td>
                <td className="px-3 py-2">{chainName(deposit.chain)}</td>
                <td className="px-3 py-2 font-mono tabular-nums">{formatMoney(deposit.amount, 'USDT')}</td>
                <td className="px-3 py-2 font-mono text-xs break-all">{deposit.transaction_hash}</td>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={deposit.created_at} />
                </td>
                <td className="px-3 py-2">
                  <Decision deposit={deposit} me={me} onDone={() => void refresh()} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListStates>
    </Card>
  );
}

export function CustodyDeposits({ me }: { me: string }) {
  return (
    <div className="space-y-4">
      <RecordDeposit />
      <WaitingDeposits me={me} />
    </div>
  );
}
