'use client';
// Owns "ask, then do it" for actions that cannot be undone (revoke a key, remove a member, withdraw an invitation):
// the trigger opens a ConfirmDialog; confirming runs the action, closes the dialog with a success notice and calls
// onDone, or tells what went wrong in an error notice (keeping the dialog open to retry, unless told otherwise).
// On a read-only page (a support view) the trigger is unavailable with the explanation (see ConfirmDialog).
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './dialog';
import { useToast } from './toast';

export function ConfirmAction({
  trigger,
  title,
  description,
  confirmLabel,
  action,
  success,
  failure,
  describeError = (error) => (error instanceof Error ? error.message : 'Something went wrong. Try again.'),
  closeOnError = false,
  onDone,
}: {
  trigger: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  action: () => Promise<unknown>;
  /** The success notice's title. */
  success: string;
  /** The error notice's title; its description comes from describeError. */
  failure: string;
  describeError?: (error: unknown) => string;
  /** Close the dialog when the action fails (when retrying from it makes no sense). */
  closeOnError?: boolean;
  onDone?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useToast();
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
      setOpen(false);
      notify({ tone: 'success', title: success });
      onDone?.();
    } catch (error) {
      if (closeOnError) setOpen(false);
      notify({ tone: 'error', title: failure, description: describeError(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      busy={busy}
      onConfirm={() => void confirm()}
    />
  );
}
