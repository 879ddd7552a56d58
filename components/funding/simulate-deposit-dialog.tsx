'use client';
// Owns the sandbox "simulate a deposit" form: POST /api/v2/sandbox/deposits with one Idempotency-Key per deposit,
// so a double click or a retry after a dropped answer never credits twice. Loaded when first opened (./simulate-deposit).
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { createSandboxDepositOperation } from '@/lib/funding/contract/routes';
import { apiFetch, PayoutApiError } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { formatMoney } from '@/lib/platform/format';
import { invalidateFunding, useFundingAddresses } from './queries';

interface Values {
  amount: string;
  chain: string;
}

const schema = lazySchema(() => import('@/lib/funding/contract/form-schemas').then((m) => m.sandboxDeposit));

export function SimulateDepositDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const addresses = useFundingAddresses();
  // One key per deposit the user means to make; kept across retries of that deposit.
  const idempotencyKey = useRef<string>(crypto.randomUUID());
  const form = useForm<Values>({
    resolver: useLazyResolver<Values>(schema),
    defaultValues: { amount: '1000.00', chain: 'tron' },
  });

  const submit = async (body: Values) => {
    try {
      const created = await apiFetch(createSandboxDepositOperation, {
        body,
        idempotencyKey: idempotencyKey.current,
      });
      onOpenChange(false);
      form.reset();
      idempotencyKey.current = crypto.randomUUID();
      notify({ tone: 'success', title: `Deposit of ${formatMoney(created.amount, 'USDT')} credited` });
      await invalidateFunding(queryClient);
    } catch (error) {
      // A refusal (4xx) is final for this key; a new attempt needs a new key. A network error keeps it for the retry.
      if (error instanceof PayoutApiError && error.status < 500) idempotencyKey.current = crypto.randomUUID();
      form.setError('amount', {
        type: 'server',
        message:
          error instanceof PayoutApiError ? error.message : 'The deposit did not go through. Try again.',
      });
    }
  };

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={submit}
      title="Simulate a deposit"
      description="Sandbox only: credits your available balance as if USDT had arrived at your funding address."
      submitLabel="Credit deposit"
      changesState
    >
      <FormField
        control={form.control}
        name="amount"
        label="Amount (USDT)"
        hint="Up to 1,000,000 USDT, at most 6 decimals."
      >
        {(field) => <Input inputMode="decimal" autoComplete="off" {...field} />}
      </FormField>
      <FormField control={form.control} name="chain" label="Chain">
        {(field) => (
          <Select
            value={field.value}
            onValueChange={field.onChange}
            options={(addresses.data?.items ?? [{ chain: 'tron', chain_name: 'TRON' }]).map((a) => ({
              value: a.chain,
              label: a.chain_name,
            }))}
          />
        )}
      </FormField>
    </DialogForm>
  );
}
