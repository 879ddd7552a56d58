// Owns the state one request carries from step to step of the pipeline: what it is (id, area, url), the response
// headers gathered on the way, who sent it, and what must be given back once it is answered.
import type { Principal } from '@/lib/platform/actor/actor';
import type { RequestSpan } from '@/lib/platform/tracing/request-tracer';
import type { ApiArea } from '../area';
import type { HeavySlot } from '../heavy-work';

export interface Exchange {
  readonly request: Request;
  readonly url: URL;
  /** Which error envelope the request gets. */
  readonly area: ApiArea;
  readonly requestId: string;
  /** `performance.now()` when the wrapper was entered. */
  readonly started: number;
  /** Headers every answer carries, error or not: X-Request-Id, then what the steps add (rate limit, deprecation, …). */
  readonly headers: Headers;
  /** One span per request when tracing is on (lib/platform/tracing). */
  readonly span: RequestSpan | undefined;
  /** Set once authenticated; the log line, the idempotency scope and the view's audit trail read it. */
  actor: Principal | null;
  /** Whether the body was read off the wire: an answer given before must close the connection. */
  bodyRead: boolean;
  /** A heavy request's place, given back when it is answered — or, for a stream, when the stream ends. */
  heavySlot: HeavySlot | null;
  slotGoesWithStream: boolean;
}
