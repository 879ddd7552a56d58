'use client';
// Owns the Chain page's "settle with a reason" dialog: one outcome per button, the consequence said before anyone
// submits, a required note or reason held to the operation's own rule, and a refusal shown in the server's words.
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import type { ButtonVariant } from '@/components/ui/button-classes';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useDialogForm } from '@/components/ui/use-dialog-form';

interface Props<F extends string> {
  field: F;
  fieldLabel: string;
  /** The form's rules, loaded after the page (lazySchema). */
  schema: () => Promise<z.ZodType>;
  trigger: { label: string; ariaLabel: string; variant?: ButtonVariant };
  title: string;
  description: ReactNode;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  send: (text: string) => Promise<unknown>;
  success: string;
  failure: string;
  onDone: () => void;
}

export function SettleDialog<F extends string>(props: Props<F>) {
  type Values = Record<F, string>;
  const dialog = useDialogForm<Values>({
    schema: props.schema,
    defaultValues: { [props.field]: '' } as never,
    submit: (values) => props.send(values[props.field]),
    fields: [props.field] as never,
    fallback: props.failure,
    success: props.success,
    onDone: props.onDone,
  });
  return (
    <DialogForm
      {...dialog}
      trigger={
        <Button size="sm" variant={props.trigger.variant ?? 'secondary'} aria-label={props.trigger.ariaLabel}>
          {props.trigger.label}
        </Button>
      }
      title={props.title}
      description={props.description}
      submitLabel={props.submitLabel}
      submitVariant={props.submitVariant}
      changesState
    >
      <FormField control={dialog.form.control} name={props.field as never} label={props.fieldLabel}>
        {(input) => <Input autoComplete="off" {...input} />}
      </FormField>
    </DialogForm>
  );
}
