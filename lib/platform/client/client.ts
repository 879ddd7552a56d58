// Owns PayoutApiClient: signs and sends v2 requests, retries 429/5xx with backoff, and turns error envelopes into PayoutApiError.
import { randomUUID } from 'node:crypto';
import { PayoutApiConnectionError, type PayoutApiError, parseErrorBody } from './errors';
import { type RequestBody, signRequest } from './sign';

export { PayoutApiConnectionError, PayoutApiError, type PayoutApiFieldError } from './errors';
export { computeBodyHash, signRequest } from './sign';
export {
  generateTestHeaderString,
  verifyWebhook,
  type WebhookEvent,
  WebhookSignatureError,
} from './webhooks';

/** Narrower than `typeof fetch` so tests (and route-handler adapters) can inject a plain function. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface PayoutApiClientOptions {
  /** Origin (and optional path prefix) of the API, e.g. `https://sandbox.example.com`. */
  baseUrl: string;
  apiKey: string;
  privateKeyPem: string;
  sharedSecret: string;
  fetch?: FetchLike;
  /** Retries after the first attempt (so at most maxRetries + 1 requests); default 3. */
  maxRetries?: number;
  /** First backoff step in ms, doubled per retry; default 500. */
  retryBaseMs?: number;
  /** Upper bound of any one wait in ms, server hints included; default 60 000. */
  retryMaxMs?: number;
  /** Token lifetime in seconds (at most 300); default 60. */
  tokenLifetimeSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch; injectable so tests control token times and `X-RateLimit-Reset` waits. */
  now?: () => number;
  /** In [0, 1); injectable so tests get exact delays. */
  random?: () => number;
}

export interface RequestOptions {
  /** A JSON value, sent as `application/json`. */
  body?: unknown;
  /** Bytes sent exactly as given (multipart, a pre-serialised JSON document…); set `content-type` in `headers`. */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /**
   * `request` sends one on every POST, generated once and reused across retries, unless you pass your own;
   * `null` sends none (then a POST is never retried). `send` sends one only when you pass it.
   */
  idempotencyKey?: string | null;
}

export interface SendOptions extends RequestOptions {
  /** Skip signing (to test unauthenticated requests). Headers given in `headers` always win over signed ones. */
  unsigned?: boolean;
  /** Sign something other than what is sent, to test that the server refuses it. */
  signOverrides?: {
    uri?: string;
    /** The method claim: a token signed for another method than the one sent. */
    method?: string;
    body?: RequestBody;
    now?: number;
    lifetimeSeconds?: number;
    apiKey?: string;
  };
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface PreparedBody {
  bytes: RequestBody;
  contentType?: string;
}

function prepareBody(options: RequestOptions): PreparedBody {
  if (options.rawBody !== undefined && options.body !== undefined) {
    throw new TypeError('pass either body (JSON) or rawBody, not both');
  }
  if (options.rawBody !== undefined) return { bytes: options.rawBody };
  if (options.body !== undefined)
    return { bytes: JSON.stringify(options.body), contentType: 'application/json' };
  return { bytes: undefined };
}

function hasHeader(headers: Record<string, string> | undefined, name: string): boolean {
  return Object.keys(headers ?? {}).some((key) => key.toLowerCase() === name);
}

export class PayoutApiClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly privateKeyPem: string;
  private readonly sharedSecret: string;
  private readonly fetchImpl: FetchLike;
  private readonly maxRetries: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly tokenLifetimeSeconds?: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(options: PayoutApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.privateKeyPem = options.privateKeyPem;
    this.sharedSecret = options.sharedSecret;
    this.fetchImpl = options.fetch ?? ((url, init) => fetch(url, init));
    this.maxRetries = Math.max(0, Math.floor(options.maxRetries ?? 3));
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.retryMaxMs = options.retryMaxMs ?? 60_000;
    this.tokenLifetimeSeconds = options.tokenLifetimeSeconds;
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  get<T>(
    pathWithQuery: string,
    options: Omit<RequestOptions, 'body' | 'rawBody'> = {},
  ): Promise<ApiResponse<T>> {
    return this.request<T>('GET', pathWithQuery, options);
  }

  post<T>(
    pathWithQuery: string,
    body?: unknown,
    options: Omit<RequestOptions, 'body'> = {},
  ): Promise<ApiResponse<T>> {
    return this.request<T>('POST', pathWithQuery, { ...options, body });
  }

  /**
   * Sends with retries and returns the parsed JSON body; throws PayoutApiError on a non-2xx answer and
   * PayoutApiConnectionError when no answer came. `data` is not validated: T is the caller's claim.
   */
  async request<T>(
    method: string,
    pathWithQuery: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const verb = method.toUpperCase();
    let idempotencyKey = options.idempotencyKey;
    if (idempotencyKey === undefined && verb === 'POST' && !hasHeader(options.headers, 'idempotency-key')) {
      // One key for every attempt: a retry of a POST whose answer was lost replays instead of executing twice.
      idempotencyKey = randomUUID();
    }
    const retrySafe =
      IDEMPOTENT_METHODS.has(verb) ||
      typeof idempotencyKey === 'string' ||
      hasHeader(options.headers, 'idempotency-key');

    for (let attempt = 0; ; attempt += 1) {
      // Prepared per attempt: every retry carries a fresh token (a state-changing token is accepted only once).
      const { url, init } = await this.prepare(verb, pathWithQuery, { ...options, idempotencyKey });
      let response: Response;
      let text: string;
      try {
        response = await this.fetchImpl(url, init);
        // Inside the try: a body cut off part-way (the server died while answering: "terminated") is no answer
        // either, and is retried like one that never came.
        text = await response.text();
      } catch (error) {
        if (!retrySafe || attempt >= this.maxRetries) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new PayoutApiConnectionError(`${verb} ${pathWithQuery} failed: ${reason}`, { cause: error });
        }
        await this.sleep(this.backoffMs(attempt));
        continue;
      }

      if (response.ok) {
        const isJson = /\bjson\b/i.test(response.headers.get('content-type') ?? '');
        // Non-JSON answers come back as text; use `send` for binary downloads.
        const data = (text.length === 0 ? undefined : isJson ? JSON.parse(text) : text) as T;
        return { status: response.status, headers: response.headers, data };
      }

      const error = parseErrorBody(response.status, response.headers, text);
      if (!retrySafe || attempt >= this.maxRetries || !isRetryable(error)) throw error;
      await this.sleep(this.delayMs(attempt, response.headers));
    }
  }

  /**
   * One signed attempt, no retries, no throwing on HTTP errors: the raw Response, for callers (and tests) that
   * look at exact statuses and headers. Network failures still reject.
   */
  async send(method: string, pathWithQuery: string, options: SendOptions = {}): Promise<Response> {
    const { url, init } = await this.prepare(method, pathWithQuery, options);
    return this.fetchImpl(url, init);
  }

  /** Builds the URL and a freshly signed request; throws (never retried) on bad input or an unusable key. */
  private async prepare(
    method: string,
    pathWithQuery: string,
    options: SendOptions,
  ): Promise<{ url: string; init: RequestInit }> {
    if (!pathWithQuery.startsWith('/')) throw new TypeError('path must start with "/"');
    const verb = method.toUpperCase();
    const url = new URL(this.baseUrl + pathWithQuery);
    // What fetch puts on the request line: the server compares the signed uri with exactly this.
    const uri = url.pathname + url.search;
    const body = prepareBody(options);

    const headers: Record<string, string> = { accept: 'application/json' };
    if (body.contentType) headers['content-type'] = body.contentType;
    if (typeof options.idempotencyKey === 'string') headers['idempotency-key'] = options.idempotencyKey;
    if (!options.unsigned) {
      const overrides = options.signOverrides ?? {};
      const nowSeconds = overrides.now ?? Math.floor(this.now() / 1000);
      Object.assign(
        headers,
        await signRequest({
          apiKey: overrides.apiKey ?? this.apiKey,
          privateKeyPem: this.privateKeyPem,
          sharedSecret: this.sharedSecret,
          method: overrides.method ?? verb,
          uri: overrides.uri ?? uri,
          body: 'body' in overrides ? overrides.body : body.bytes,
          now: nowSeconds,
          lifetimeSeconds: overrides.lifetimeSeconds ?? this.tokenLifetimeSeconds,
        }),
      );
      // A signOverrides.apiKey tests a token signed for another key; the header still names this client's key.
      headers['x-api-key'] = this.apiKey;
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      for (const key of Object.keys(headers))
        if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
      headers[name] = value;
    }

    const init: RequestInit = {
      method: verb,
      headers,
      body: body.bytes === undefined ? undefined : (body.bytes as BodyInit),
      // A redirect would change the uri the token was signed for: surface it instead of following it.
      redirect: 'manual',
    };
    return { url: url.href, init };
  }

  /** Server hint first (`Retry-After` seconds or date, else `X-RateLimit-Reset` epoch seconds), else backoff. */
  private delayMs(attempt: number, headers: Headers): number {
    const hinted = hintedDelayMs(headers, this.now());
    if (hinted === undefined) return this.backoffMs(attempt);
    // A little jitter on top of the hint, so clients released by one window reset do not all arrive at once.
    const jitter = Math.floor(this.random() * Math.min(this.retryBaseMs, 1000));
    return Math.min(this.retryMaxMs, hinted + jitter);
  }

  /** Exponential backoff with "equal jitter": between half and all of base·2^attempt. */
  private backoffMs(attempt: number): number {
    const ceiling = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** attempt);
    return Math.floor(ceiling / 2 + this.random() * (ceiling / 2));
  }
}

function isRetryable(error: PayoutApiError): boolean {
  if (error.status === 429 || error.status >= 500) return true;
  // The first request with this key is still running: waiting and retrying gets its stored answer.
  return error.status === 409 && error.code === 'idempotency_key_in_use';
}

/** Milliseconds the server asked us to wait, if it said; never negative. */
export function hintedDelayMs(headers: Headers, nowMs: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) return Math.max(0, Number(reset) * 1000 - nowMs);
  return undefined;
}
