'use client';
// Owns a form in a dialog: the fields, the form's own error, and the one footer (Cancel, then the action) every
// dialog form shares; closing it forgets what was typed.
import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Button, type ButtonVariant } from './button';
import { Dialog, DialogClose } from './dialog';
import { Form, FormServerError, FormSubmit } from './form';

export function DialogForm<T extends FieldValues>({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  form,
  onSubmit,
  submitLabel,
  submitVariant = 'primary',
  submitDisabled = false,
  cancelLabel = 'Cancel',
  changesState = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  form: UseFormReturn<T>;
  onSubmit: SubmitHandler<T>;
  submitLabel: ReactNode;
  submitVariant?: ButtonVariant;
  submitDisabled?: boolean;
  cancelLabel?: ReactNode;
  /** The action changes the organization's state: unavailable during a read-only support view. */
  changesState?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) form.reset();
      }}
      trigger={trigger}
      title={title}
      description={description}
    >
      <Form form={form} onSubmit={onSubmit} summary={false}>
        {children}
        <FormServerError />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary" type="button">
              {cancelLabel}
            </Button>
          </DialogClose>
          <FormSubmit variant={submitVariant} disabled={submitDisabled} changesState={changesState}>
            {submitLabel}
          </FormSubmit>
        </div>
      </Form>
    </Dialog>
  );
}
