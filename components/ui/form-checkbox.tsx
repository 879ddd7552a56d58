'use client';
// Owns a checkbox bound to a form's boolean field. Apart from form.tsx so forms without one do not load Radix's
// checkbox with the page.
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { Checkbox } from './checkbox';
import { useFieldLabel } from './form';

/** A checkbox bound to a boolean field, with its label beside it. */
export function FormCheckbox<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  control,
  name,
  label,
  description,
  disabled,
  changesState,
  role,
}: {
  control?: Control<T>;
  name: N;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  changesState?: boolean;
  role?: 'switch';
}) {
  const { field } = useController<T, N>({ control, name });
  useFieldLabel(name, label);
  return (
    <Checkbox
      name={field.name}
      checked={field.value === true}
      onCheckedChange={(checked) => field.onChange(checked)}
      label={label}
      description={description}
      disabled={disabled}
      changesState={changesState}
      role={role}
    />
  );
}
