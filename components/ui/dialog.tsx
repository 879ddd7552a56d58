'use client';
// Owns modal dialogs and drawers: Radix Dialog (focus trap, Escape, focus returned to the trigger, labelled by its title).
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button, focusRing } from './button';
import { cn } from './cn';
import { Close } from './icons';
import { ChangesState, useChangesState } from './read-only';

interface OverlayProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens it (rendered as-is through Radix's Trigger with asChild). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (e.g. Cancel + the action). */
  footer?: ReactNode;
}

function CloseButton() {
  return (
    <RadixDialog.Close
      aria-label="Close"
      className={cn('rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900', focusRing)}
    >
      <Close />
    </RadixDialog.Close>
  );
}

const overlayClasses = 'fixed inset-0 z-40 bg-slate-900/40';

/** What a dialog and a drawer share: opened by its trigger, rendered in a portal over a dimmed page. */
function Overlay({
  open,
  onOpenChange,
  trigger,
  children,
}: Pick<OverlayProps, 'open' | 'onOpenChange' | 'trigger'> & { children: ReactNode }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        {children}
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function Dialog({ open, onOpenChange, trigger, title, description, children, footer }: OverlayProps) {
  return (
    <Overlay open={open} onOpenChange={onOpenChange} trigger={trigger}>
      <RadixDialog.Content
        className="fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="flex items-start justify-between gap-4">
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          <CloseButton />
        </div>
        {description ? (
          <RadixDialog.Description className="mt-1 text-sm text-slate-600">
            {description}
          </RadixDialog.Description>
        ) : null}
        {children ? <div className="mt-4">{children}</div> : null}
        {footer ? <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div> : null}
      </RadixDialog.Content>
    </Overlay>
  );
}

/**
 * A dialog that asks before something that cannot be undone (revoke, remove, cancel): always a change of state, so
 * on a read-only page its trigger is unavailable with the explanation and the dialog never opens.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy = false,
  destructive = true,
}: Omit<OverlayProps, 'children' | 'footer'> & {
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  destructive?: boolean;
}) {
  const unavailable = useChangesState(true);
  if (unavailable !== null) return trigger ? <ChangesState>{trigger}</ChangesState> : null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={title}
      description={description}
      footer={
        <>
          <RadixDialog.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </RadixDialog.Close>
          <Button variant={destructive ? 'danger' : 'primary'} busy={busy} onClick={onConfirm} changesState>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

/** A panel sliding in from the side (details, filters, the mobile navigation). */
export function Drawer({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  side = 'right',
}: OverlayProps & { side?: 'left' | 'right' }) {
  return (
    <Overlay open={open} onOpenChange={onOpenChange} trigger={trigger}>
      <RadixDialog.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-[min(24rem,calc(100vw-3rem))] flex-col bg-white shadow-xl focus:outline-none',
          side === 'right' ? 'right-0' : 'left-0',
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div>
            <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-0.5 text-sm text-slate-600">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          <CloseButton />
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? (
          <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>
        ) : null}
      </RadixDialog.Content>
    </Overlay>
  );
}

export const DialogClose = RadixDialog.Close;
