'use client';
// Owns putting an API refusal back onto the form that caused it: each field error on its field, the rest as the
// form's own error (shown by <FormError />).
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { errorText, fieldError } from '@/components/settings/errors';
import { PayoutApiError } from '@/lib/platform/browser/api';
import { FORM_ERROR } from './form';

export function showServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
  fallback?: string,
): void {
  let placed = false;
  if (error instanceof PayoutApiError) {
    for (const field of fields) {
      const message = fieldError(error, field);
      if (message) {
        setError(field, { type: 'server', message });
        placed = true;
      }
    }
  }
  if (!placed) {
    setError(FORM_ERROR as FieldPath<T>, { type: 'server', message: errorText(error, fallback) });
    return;
  }
  // Field errors about fields the form does not show still need saying, or the refusal would look unexplained.
  const unplaced = (error as PayoutApiError).fieldErrors.filter(
    (item) => !(fields as readonly string[]).includes(item.field),
  );
  if (unplaced.length > 0) {
    setError(FORM_ERROR as FieldPath<T>, {
      type: 'server',
      message: unplaced.map((item) => item.message).join(' '),
    });
  }
}
