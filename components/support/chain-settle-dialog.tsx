'use client';
// Owns the Chain page's "settle with a reason" dialog: one outcome per button, the consequence said before anyone
// submits, a required note or reason held to the operation's own rule, and a refusal shown in the server's words.
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import type { ButtonVariant } from '@/components/ui/button-classes';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { showServerError } from '@/components/ui/server-errors';
import { useToast } from '@/components/ui/toast';

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
  const [open, setOpen] = useState(false);
  const notify = useToast();
  type Values = Record<F, string>;
  const empty = { [props.field]: '' } as Values;
  const form = useForm<Values>({
    resolver: useLazyResolver<Values>(props.schema),
    defaultValues: empty as never,
  });
  const submit = async (values: Values) => {
    try {
      await props.send(values[props.field]);
      setOpen(false);
      form.reset(empty as never);
      notify({ tone: 'success', title: props.success });
      props.onDone();
    } catch (error) {
      showServerError(form.setError, error, [props.field] as never, props.failure);
    }
  };
  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      form={form}
      onSubmit={submit}
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
      <FormField control={form.control} name={props.field as never} label={props.fieldLabel}>
        {(input) => <Input autoComplete="off" {...input} />}
      </FormField>
    </DialogForm>
  );
}
