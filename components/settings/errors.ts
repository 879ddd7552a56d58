// Owns saying an API refusal in words a person can act on, and finding the message meant for one form field.
import { PayoutApiError } from '@/lib/platform/browser/api';

/** The whole message of a failure (every line of a 422), or a fallback for anything that is not an API answer. */
export function errorText(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  if (error instanceof PayoutApiError) return error.messages.join(' ') || error.message;
  return fallback;
}

/** The message for one field, without the field's name in front (`new_password: must be…` → `Must be…`). */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof PayoutApiError)) return undefined;
  const found = error.fieldErrors.find((item) => item.field === field);
  if (!found) return undefined;
  const text = found.message.startsWith(`${field}: `) ? found.message.slice(field.length + 2) : found.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
