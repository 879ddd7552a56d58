'use client';
// Owns choosing a new password: the password and its repetition, the same two fields wherever one is chosen (a reset
// link, an invitation, the security page). The check that both match is in password-schemas.ts.
import type { ReactNode } from 'react';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

export function NewPasswordFields({
  name = 'password',
  label = 'New password',
  repeatLabel = 'Repeat the new password',
  hint = 'At least 10 characters.',
}: {
  /** The password's field name (the API's: `password`, `new_password`); its repetition is always `confirm`. */
  name?: string;
  label?: ReactNode;
  repeatLabel?: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <>
      <FormField name={name} label={label} hint={hint}>
        {(field) => <Input type="password" autoComplete="new-password" {...field} />}
      </FormField>
      <FormField name="confirm" label={repeatLabel}>
        {(field) => <Input type="password" autoComplete="new-password" {...field} />}
      </FormField>
    </>
  );
}
