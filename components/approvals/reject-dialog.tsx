'use client';
// Owns asking for the reason of a rejection (required; its makers read it) in an accessible dialog, then handing it to
// the object's own reject operation; a refusal stays in the dialog beside the reason.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';

// A batch's and a withdrawal's reasons have the same rule (1 to 500 characters): the batch's words serve both.
const rejectionSchema = lazySchema(() =>
  import('@/lib/payouts/contract/form-schemas').then((m) => m.batchRejection),
);

export function RejectDialog({
  title,
  description = 'Its makers are told your reason.',
  submitLabel = 'Reject',
  size = 'sm',
  reject,
}: {
  title: string;
  description?: string;
  submitLabel?: string;
  size?: 'sm' | 'md';
  /** Rejects with the reason; resolves with the refusal's words, or null when it went through. */
  reject: (reason: string) => Promise<string | null>;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<{ reason: string }>({
    resolver: useLazyResolver<{ reason: string }>(rejectionSchema),
    defaultValues: { reason: '' },
  });
  const submit = async ({ reason }: { reason: string }) => {
    const refusal = await reject(reason);
    if (refusal !== null) {
      form.setError('reason', { message: refusal });
      return;
    }
    setOpen(false);
    form.reset();
  };
  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      form={form}
      onSubmit={submit}
      trigger={
        <Button size={size} variant="secondary" changesState>
          Reject
        </Button>
      }
      title={title}
      description={description}
      cancelLabel="Keep it"
      submitLabel={submitLabel}
      submitVariant="danger"
      changesState
    >
      <FormField control={form.control} name="reason" label="Reason" hint="Shown to its makers">
        {(field) => <Textarea rows={3} maxLength={500} {...field} />}
      </FormField>
    </DialogForm>
  );
}
