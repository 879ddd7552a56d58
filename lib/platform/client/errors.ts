// Owns the client's view of a failed request: both v2 error envelopes parsed into one typed PayoutApiError.

export interface PayoutApiFieldError {
  field: string;
  code: string;
  message: string;
}

export interface PayoutApiErrorInit {
  status: number;
  type?: string;
  code?: string;
  message: string;
  messages: string[];
  param?: string;
  fieldErrors: PayoutApiFieldError[];
  requestId: string | null;
  headers: Headers;
  body: unknown;
}

/**
 * A non-2xx answer of the API, whichever envelope it came in. Branch on `status`, `type`, `code` and `param`
 * (the spec asks clients not to rely on message text).
 */
export class PayoutApiError extends Error {
  readonly status: number;
  /** Liquidity `error.type` (`auth_error`, `validation_error`, …); absent for the payouts envelope. */
  readonly type?: string;
  /** The catalogue code: liquidity `error.code`, payouts `code` (older payouts bodies: the first field error's). */
  readonly code?: string;
  /** Every message of the body: one per failing field for a payouts 422, otherwise one. */
  readonly messages: string[];
  /** The request field the error is about, when the body names one. */
  readonly param?: string;
  readonly fieldErrors: PayoutApiFieldError[];
  /** `X-Request-Id` of the response: quote it to support. */
  readonly requestId: string | null;
  readonly headers: Headers;
  /** The parsed JSON body (or the text, when the body was not JSON). */
  readonly body: unknown;

  constructor(init: PayoutApiErrorInit) {
    super(init.message);
    this.name = 'PayoutApiError';
    this.status = init.status;
    this.type = init.type;
    this.code = init.code;
    this.messages = init.messages;
    this.param = init.param;
    this.fieldErrors = init.fieldErrors;
    this.requestId = init.requestId;
    this.headers = init.headers;
    this.body = init.body;
  }

  /**
   * The message for a person reading it beside the field it is about: without the field's wire path, which 422
   * messages start with for machines ("units_per_usdt: must be a decimal string" → "must be a decimal string").
   */
  get fieldMessage(): string {
    const first = this.fieldErrors[0];
    const text = first?.message ?? this.message;
    const path = first?.field ?? this.param;
    return path && text.startsWith(`${path}: `) ? text.slice(path.length + 2) : text;
  }
}

/** The request never got an HTTP answer (connection refused, reset, DNS…), even after the retries. */
export class PayoutApiConnectionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayoutApiConnectionError';
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function parseFieldErrors(value: unknown): PayoutApiFieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((item) => ({
    field: String(item.field ?? ''),
    code: String(item.code ?? ''),
    message: String(item.message ?? ''),
  }));
}

/** Parses a response body (already read as text) into a PayoutApiError; tolerant of bodies in neither envelope. */
export function parseErrorBody(status: number, headers: Headers, text: string): PayoutApiError {
  const requestId = headers.get('x-request-id');
  let body: unknown = text;
  try {
    body = text.length > 0 ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's HTML page, say): keep the text so the caller can still see it.
  }

  if (isRecord(body) && isRecord(body.error)) {
    const error = body.error;
    const message = optionalString(error.message) ?? `HTTP ${status}`;
    const param = optionalString(error.param);
    const code = optionalString(error.code);
    const listed = parseFieldErrors(error.errors);
    const fieldErrors =
      listed.length > 0 ? listed : param ? [{ field: param, code: code ?? '', message }] : [];
    return new PayoutApiError({
      status,
      type: optionalString(error.type),
      code,
      message,
      messages: [message],
      param,
      fieldErrors,
      requestId,
      headers,
      body,
    });
  }

  if (isRecord(body) && (typeof body.message === 'string' || Array.isArray(body.message))) {
    const messages = Array.isArray(body.message) ? body.message.map(String) : [body.message as string];
    const fieldErrors = parseFieldErrors(body.errors);
    return new PayoutApiError({
      status,
      code: optionalString(body.code) ?? fieldErrors[0]?.code,
      message: messages.join('; ') || `HTTP ${status}`,
      messages,
      param: fieldErrors[0]?.field,
      fieldErrors,
      requestId,
      headers,
      body,
    });
  }

  const snippet = typeof body === 'string' ? body.slice(0, 200).trim() : '';
  const message = snippet ? `HTTP ${status}: ${snippet}` : `HTTP ${status}`;
  return new PayoutApiError({
    status,
    message,
    messages: [message],
    fieldErrors: [],
    requestId,
    headers,
    body,
  });
}
