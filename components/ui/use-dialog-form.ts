'use client';
// Owns the wiring every <DialogForm> repeats: its open state, the form over a lazily loaded schema, and a submit that
// calls the server, puts a refusal back onto the form, and on success closes, forgets what was typed, says so and
// hands the answer on. A caller spreads the result into <DialogForm {...dialog} title=… trigger=…>.
import { useState } from 'react';
import {
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { useLazyResolver } from './lazy-resolver';
import { showServerError } from './server-errors';
import { useToast } from './toast';

/** The success notice: a title, or a title with a description; nothing says nothing. */
type Notice = string | { title: string; description?: string } | null | undefined;

export function useDialogForm<T extends FieldValues, R = unknown>({
  schema,
  submit,
  fields,
  fallback,
  success,
  onDone,
  ...formProps
}: Omit<UseFormProps<NoInfer<T>>, 'resolver'> & {
  /** The form's rules, loaded on first use (a lazySchema). */
  schema: () => Promise<z.ZodType>;
  /** The call to the server (its parameter's type is the form's values); a throw is a refusal and keeps the dialog open. */
  submit: (values: T) => Promise<R>;
  /** The fields a refusal's field errors go under; the rest is the form's own error. */
  fields: readonly FieldPath<NoInfer<T>>[];
  /** The form's own error when the refusal says nothing a person can act on. */
  fallback?: string;
  success?: Notice | ((result: R, values: T) => Notice);
  onDone?: (result: R, values: T) => void;
}): {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: UseFormReturn<T>;
  onSubmit: (values: T) => Promise<void>;
} {
  const [open, setOpen] = useState(false);
  const notify = useToast();
  const form = useForm<T>({ ...formProps, resolver: useLazyResolver<T>(schema) });
  const onSubmit = async (values: T) => {
    let result: R;
    try {
      result = await submit(values);
    } catch (error) {
      showServerError(form.setError, error, fields, fallback);
      return;
    }
    setOpen(false);
    form.reset();
    const notice = typeof success === 'function' ? success(result, values) : success;
    if (notice) notify({ tone: 'success', ...(typeof notice === 'string' ? { title: notice } : notice) });
    onDone?.(result, values);
  };
  return { open, onOpenChange: setOpen, form, onSubmit };
}
