// Owns reading a refused createBatch or re-quote: the 400/422 `errors[]` (or the 422 message strings) as per-order
// field errors, and the 503 a stale rate source answers as a wait in minutes.

export interface OrderFieldError {
  /** Index into the request's `orders`; null for the batch itself. */
  order: number | null;
  /** The field inside the order (or the batch), e.g. `beneficiary_amount`; null for the order as a whole. */
  field: string | null;
  message: string;
}

interface FieldErrorLike {
  field: string;
  message: string;
}

function strip(message: string, field: string): string {
  // Messages start with their field's path ("orders.2.beneficiary_amount: must …"): the page shows it by the field.
  return message.startsWith(`${field}:`) ? message.slice(field.length + 1).trim() : message;
}

export function orderFieldErrors(fieldErrors: readonly FieldErrorLike[], message: string): OrderFieldError[] {
  const list: FieldErrorLike[] = fieldErrors.length
    ? [...fieldErrors]
    : message
        .split('; ')
        .map((text) => /^([a-z_]+(?:\.[a-z0-9_]+)*): (.+)$/.exec(text))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => ({ field: m[1]!, message: m[2]! }));
  return list.map(({ field, message: text }) => {
    const match = /^orders\.(\d+)(?:\.([a-z_]+))?/.exec(field);
    if (match) return { order: Number(match[1]), field: match[2] ?? null, message: strip(text, field) };
    return { order: null, field: field || null, message: strip(text, field) };
  });
}

interface RefusalLike {
  code?: string;
  headers: Headers;
}

/**
 * What the portal says when quoting is refused because the provider's rates are stale (503 `rates_unavailable`):
 * a wait in minutes from `Retry-After`, rather than the API's seconds. Null for any other refusal.
 */
export function ratesUnavailableText(error: RefusalLike): string | null {
  if (error.code !== 'rates_unavailable') return null;
  const seconds = Number(error.headers.get('retry-after') ?? '');
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 5;
  return `Rates are unavailable right now; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
