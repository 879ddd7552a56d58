'use client';
// Owns the support lead's Payout accounts page: the provider's own bank accounts the payouts desk pays from (one
// active per currency) and adding one. The rules are createPayoutAccount's own (lib/payouts/contract/form-schemas.ts);
// the server makes the new account its currency's active one and audits it.
import { useWatch } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import { createPayoutAccountOperation, listPayoutAccountsOperation } from '@/lib/payouts/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';

interface AccountValues {
  name: string;
  account_number: string;
  bic: string;
  currency: string;
}

const FIELDS = ['name', 'account_number', 'bic', 'currency'] as const;
const EMPTY: AccountValues = { name: '', account_number: '', bic: '', currency: '' };

const accountSchema = lazySchema(() =>
  import('@/lib/payouts/contract/form-schemas').then((m) => m.payoutAccount),
);

export function AddPayoutAccountDialog({ onDone }: { onDone: () => void }) {
  const dialog = useDialogForm({
    schema: accountSchema,
    defaultValues: EMPTY,
    submit: (body: AccountValues) => apiFetch(createPayoutAccountOperation, { body }),
    fields: FIELDS,
    success: (account) => ({
      title: `${account.name} added`,
      description: `The desk now pays ${account.currency} orders from it.`,
    }),
    onDone,
  });
  const { form } = dialog;
  const values = useWatch({ control: form.control, name: [...FIELDS] });
  return (
    <DialogForm
      {...dialog}
      trigger={<Button size="sm">Add account</Button>}
      title="Add a payout account"
      description="The provider's own account at its bank. It becomes the account the desk pays its currency's orders from."
      submitLabel="Add account"
      submitDisabled={values.some((value) => value.trim() === '')}
    >
      <FormField control={form.control} name="name" label="Name">
        {(field) => <Input autoComplete="off" required {...field} />}
      </FormField>
      <FormField control={form.control} name="account_number" label="Account number or IBAN">
        {(field) => <Input autoComplete="off" spellCheck={false} required {...field} />}
      </FormField>
      <FormField control={form.control} name="bic" label="BIC">
        {(field) => <Input autoComplete="off" spellCheck={false} required {...field} />}
      </FormField>
      <FormField control={form.control} name="currency" label="Currency">
        {(field) => <Input autoComplete="off" maxLength={3} required {...field} />}
      </FormField>
    </DialogForm>
  );
}

export function PayoutAccounts() {
  const accounts = useApiQuery(listPayoutAccountsOperation, {});
  const refresh = useRefresh(listPayoutAccountsOperation);
  return (
    <Card
      title="Payout accounts"
      description="The accounts the payouts desk pays from: one active per currency. Every account added is recorded in the audit log."
      action={<AddPayoutAccountDialog onDone={refresh} />}
    >
      {accounts.isPending ? (
        <LoadingBlock label="Loading payout accounts" />
      ) : accounts.isError ? (
        <ErrorState
          title="Could not load the payout accounts"
          error={accounts.error}
          onRetry={() => accounts.refetch()}
        />
      ) : accounts.data.data.length === 0 ? (
        <EmptyState
          title="No payout accounts yet"
          description="Add the account at the provider's bank that each currency's orders are paid from."
        />
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Payout accounts">
          {accounts.data.data.map((account) => (
            <li key={account.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">{account.name}</p>
                <p className="break-all font-mono text-xs text-slate-600">
                  {account.account_number} · {account.bic}
                </p>
              </div>
              <p className="flex items-center gap-2 text-sm text-slate-700">
                <span>{account.currency}</span>
                <Badge tone={account.active ? 'success' : 'neutral'}>
                  {account.active ? 'active' : 'inactive'}
                </Badge>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
