// Owns webhook signatures: how the server signs a delivery and how an integrator verifies one (`verifyWebhook`).
//
// Free of app imports (node:crypto only) so integrators can copy lib/platform/client as it is, and so the server signs with
// the very function the documentation tells receivers to verify with.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SIGNATURE_HEADER = 'Payout-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Payout-Event-Id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'Payout-Event-Type';
/** The signature scheme: HMAC-SHA256, hex. Receivers ignore schemes they do not know. */
export const WEBHOOK_SIGNATURE_SCHEME = 'v1';
/** How old (or how far ahead of your clock) a signature's timestamp may be: 5 minutes, as Stripe uses. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookPayload = string | Uint8Array;

/** A public event as delivered (and as `GET /api/v2/events/{eventId}` returns it). */
export interface WebhookEvent<Data = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  data: { object: Data };
}

const encoder = new TextEncoder();

function bytesOf(payload: WebhookPayload): Uint8Array {
  return typeof payload === 'string' ? encoder.encode(payload) : payload;
}

/** hex HMAC-SHA256 keyed with the UTF-8 bytes of the whole secret (`whsec_…`) over `"<timestamp>.<raw body>"`. */
export function computeWebhookSignature(secret: string, timestamp: number, payload: WebhookPayload): string {
  return createHmac('sha256', encoder.encode(secret))
    .update(encoder.encode(`${timestamp}.`))
    .update(bytesOf(payload))
    .digest('hex');
}

/** `t=<timestamp>,v1=<sig>[,v1=<sig>…]`: one `v1` per secret (two while a rotated secret is still valid). */
export function webhookSignatureHeader(
  secrets: readonly string[],
  timestamp: number,
  payload: WebhookPayload,
): string {
  if (!Number.isInteger(timestamp) || timestamp < 0) throw new TypeError('timestamp must be whole seconds');
  if (secrets.length === 0) throw new TypeError('at least one secret is needed');
  const signatures = secrets.map(
    (secret) => `${WEBHOOK_SIGNATURE_SCHEME}=${computeWebhookSignature(secret, timestamp, payload)}`,
  );
  return [`t=${timestamp}`, ...signatures].join(',');
}

export interface TestHeaderInput {
  payload: WebhookPayload;
  secret: string;
  /** Seconds since the epoch; defaults to now. */
  timestamp?: number;
}

/** A valid `Payout-Signature` value for `payload`, to test your receiver (like Stripe's generateTestHeaderString). */
export function generateTestHeaderString(input: TestHeaderInput): string {
  return webhookSignatureHeader(
    [input.secret],
    input.timestamp ?? Math.floor(Date.now() / 1000),
    input.payload,
  );
}

export type WebhookSignatureFailure =
  | 'missing_header'
  | 'malformed_header'
  | 'no_matching_signature'
  | 'timestamp_outside_tolerance'
  | 'invalid_payload';

export class WebhookSignatureError extends Error {
  constructor(
    readonly reason: WebhookSignatureFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface ParsedSignatureHeader {
  timestamp: number;
  /** The `v1` signatures, in order. */
  signatures: string[];
}

/** Parses `t=…,v1=…`; unknown schemes are skipped so new ones can be added without breaking receivers. */
export function parseWebhookSignatureHeader(header: string): ParsedSignatureHeader {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === WEBHOOK_SIGNATURE_SCHEME && /^[0-9a-f]{64}$/i.test(value)) {
      signatures.push(value.toLowerCase());
    }
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookSignatureError(
      'malformed_header',
      `${WEBHOOK_SIGNATURE_HEADER} must be "t=<seconds>,v1=<hex signature>"`,
    );
  }
  return { timestamp, signatures };
}

export interface VerifyOptions {
  /** Seconds; default 300. 0 turns the timestamp check off (tests only: it re-opens replays). */
  toleranceSeconds?: number;
  /** Seconds since the epoch; defaults to now. */
  now?: number;
}

/**
 * Checks a delivery and returns its event. Pass the raw request body exactly as received (before any JSON parsing),
 * the `Payout-Signature` header and your endpoint's secret. Throws WebhookSignatureError when the signature does not
 * match, the header is malformed, or its timestamp is outside the tolerance (which stops replays of old deliveries).
 *
 * Deliveries are unordered and may repeat: deduplicate on `event.id`.
 */
export function verifyWebhook<Data = Record<string, unknown>>(
  payload: WebhookPayload,
  header: string | readonly string[] | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): WebhookEvent<Data> {
  const value = Array.isArray(header) ? header.join(',') : (header as string | null | undefined);
  if (!value) {
    throw new WebhookSignatureError('missing_header', `No ${WEBHOOK_SIGNATURE_HEADER} header`);
  }
  const parsed = parseWebhookSignatureHeader(value);
  const expected = Buffer.from(computeWebhookSignature(secret, parsed.timestamp, payload), 'hex');
  const matches = parsed.signatures.some((signature) =>
    timingSafeEqual(Buffer.from(signature, 'hex'), expected),
  );
  if (!matches) {
    throw new WebhookSignatureError(
      'no_matching_signature',
      'No signature matches the payload: use the raw request body and this endpoint’s current secret',
    );
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (tolerance > 0 && Math.abs(now - parsed.timestamp) > tolerance) {
    throw new WebhookSignatureError(
      'timestamp_outside_tolerance',
      `The signature's timestamp is more than ${tolerance} s from now`,
    );
  }
  try {
    const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
    return JSON.parse(text) as WebhookEvent<Data>;
  } catch {
    throw new WebhookSignatureError('invalid_payload', 'The payload is not JSON');
  }
}
