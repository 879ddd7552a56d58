'use client';
// Owns the sandbox "simulate a deposit" action: POST /api/v2/sandbox/deposits with one Idempotency-Key per deposit,
// so a double click or a retry after a dropped answer never credits twice.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useCan, usePortal } from '@/components/layout/portal-context';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { createSandboxDepositOperation } from '@/lib/api/routes';
import { apiFetch, PayoutApiError } from '@/lib/browser/api';
import { formatMoney } from '@/lib/format';
import { DECIMAL_STRING } from '@/lib/money/facts';
import { invalidateFunding, useFundingAddresses } from './queries';

function validate(amount: string): string | null {
  const value = amount.trim();
  if (!value) return 'Enter an amount';
  if (!DECIMAL_STRING.test(value)) return 'Use digits and a dot, such as 250.00';
  if ((value.split('.')[1]?.length ?? 0) > 6) return 'At most 6 decimals';
  if (/^0+(\.0+)?$/.test(value)) return 'Must be more than zero';
  return null;
}

export function SimulateDeposit() {
  const { sandbox } = usePortal();
  const mayDeposit = useCan(createSandboxDepositOperation);
  const queryClient = useQueryClient();
  const notify = useToast();
  const addresses = useFundingAddresses();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('1000.00');
  const [chain, setChain] = useState('tron');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per deposit the user means to make; kept across retries of that deposit.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const deposit = useMutation({
    mutationFn: (body: { amount: string; chain: string }) =>
      apiFetch(createSandboxDepositOperation, { body, idempotencyKey }),
    onSuccess: async (created) => {
      setOpen(false);
      setIdempotencyKey(crypto.randomUUID());
      notify({ tone: 'success', title: `Deposit of ${formatMoney(created.amount, 'USDT')} credited` });
      await invalidateFunding(queryClient);
    },
    onError: (error) => {
      // A refusal (4xx) is final for this key; a new attempt needs a new key. A network error keeps it for the retry.
      if (error instanceof PayoutApiError && error.status < 500) setIdempotencyKey(crypto.randomUUID());
      setProblem(
        error instanceof PayoutApiError ? error.message : 'The deposit did not go through. Try again.',
      );
    },
  });

  if (!sandbox || !mayDeposit) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate(amount);
    setProblem(invalid);
    if (!invalid) deposit.mutate({ amount: amount.trim(), chain });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setProblem(null);
          deposit.reset();
        }
      }}
      trigger={
        <Button variant="secondary" size="sm" changesState>
          Simulate a deposit
        </Button>
      }
      title="Simulate a deposit"
      description="Sandbox only: credits your available balance as if USDT had arrived at your funding address."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field
          label="Amount (USDT)"
          error={problem ?? undefined}
          hint="Up to 1,000,000 USDT, at most 6 decimals."
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
        <Field label="Chain">
          <Select
            value={chain}
            onValueChange={setChain}
            options={(addresses.data?.items ?? [{ chain: 'tron', chain_name: 'TRON' }]).map((a) => ({
              value: a.chain,
              label: a.chain_name,
            }))}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={deposit.isPending} changesState>
            Credit deposit
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
