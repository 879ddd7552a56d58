'use client';
// Owns refusing a new address-book wallet that waits for approval: Reject beside Approve asks for the reason the
// wallet's approval keeps, and the address leaves the book. Never offered to whoever added it (the server refuses too).
import { Button } from '@/components/ui/button';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useRejectWallet } from './queries';

const reasonSchema = lazySchema(() => import('@/lib/liquidity/contract/form-schemas').then((m) => m.reason));

export function RejectWallet({ walletId, address }: { walletId: string; address: string }) {
  const reject = useRejectWallet();
  const dialog = useDialogForm<{ reason: string }>({
    schema: reasonSchema,
    defaultValues: { reason: '' },
    submit: ({ reason }) => reject.mutateAsync({ walletId, reason }),
    fields: ['reason'],
    fallback: 'Something went wrong',
    success: 'Address rejected: it left the address book',
  });
  return (
    <DialogForm
      {...dialog}
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
      <FormField
        control={dialog.form.control}
        name="reason"
        label="Reason"
        hint="Kept with the address’s approval"
      >
        {(field) => <Textarea rows={3} maxLength={500} {...field} />}
      </FormField>
    </DialogForm>
  );
}
