'use client';
// Owns refusing a new address-book wallet that waits for approval: Reject beside Approve asks for the reason the
// wallet's approval keeps, and the address leaves the book. Never offered to whoever added it (the server refuses too).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { showServerError } from '@/components/ui/server-errors';
import { useToast } from '@/components/ui/toast';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useRejectWallet } from './queries';

const reasonSchema = lazySchema(() => import('@/lib/liquidity/contract/form-schemas').then((m) => m.reason));

export function RejectWallet({ walletId, address }: { walletId: string; address: string }) {
  const notify = useToast();
  const reject = useRejectWallet();
  const [open, setOpen] = useState(false);
  const form = useForm<{ reason: string }>({
    resolver: useLazyResolver<{ reason: string }>(reasonSchema),
    defaultValues: { reason: '' },
  });
  const submit = async ({ reason }: { reason: string }) => {
    try {
      await reject.mutateAsync({ walletId, reason });
    } catch (caught) {
      showServerError(form.setError, caught, ['reason'], 'Something went wrong');
      return;
    }
    setOpen(false);
    form.reset();
    notify({ tone: 'success', title: 'Address rejected: it left the address book' });
  };
  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      form={form}
      onSubmit={submit}
      trigger={
        <Button size="sm" variant="secondary" changesState>
          Reject
        </Button>
      }
      title="Reject this address"
      description={`${address} leaves the address book and can never be withdrawn to; adding it again asks for approval afresh.`}
      cancelLabel="Keep it"
      submitLabel="Reject address"
      submitVariant="danger"
      changesState
    >
      <FormField control={form.control} name="reason" label="Reason" hint="Kept with the address’s approval">
        {(field) => <Textarea rows={3} maxLength={500} {...field} />}
      </FormField>
    </DialogForm>
  );
}
