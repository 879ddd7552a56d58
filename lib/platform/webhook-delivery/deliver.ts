// Owns one delivery attempt: sign the event's JSON and send it to the checked address — and, when the 3 days of retries
// are over, giving up and disabling the endpoint so its admins are told. lib/platform/webhook-delivery/drain.ts claims and records.
import { and, eq, gte, sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema/webhooks';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  webhookSignatureHeader,
} from '@/lib/platform/client/webhooks';
import { now } from '@/lib/platform/clock';
import { env } from '@/lib/platform/env';
import { SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { log } from '@/lib/platform/log';
import { metrics } from '@/lib/platform/metrics/counters';
import { type EventRow, serializePublicEvent } from './public-events';
import {
  type OutboundResult,
  parseWebhookUrl,
  postOnce,
  resolveTarget,
  UnsafeTargetError,
} from './safe-request';
import { openSigningSecret } from './secrets';

export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_BYTES = 1024;

/** Names us and where receivers learn to verify us. */
export function webhookUserAgent(): string {
  return `PayoutPortal-Webhooks/1.0 (+${new URL('/docs/signing', env().APP_BASE_URL).toString()})`;
}

let timeoutMs = DELIVERY_TIMEOUT_MS;

/** Test-only: a shorter deadline than 10 s, so a hanging receiver does not hold a test; undefined restores it. */
export function setDeliveryTimeoutForTests(ms: number | undefined): void {
  timeoutMs = ms ?? DELIVERY_TIMEOUT_MS;
}

/** What an attempt needs of its endpoint (as the drain last read it: its current URL and secrets). */
export interface DeliveryEndpoint {
  id: string;
  orgId: string;
  url: string;
  signingSecretEncrypted: string;
  previousSigningSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | null;
}

/** What an attempt needs of its delivery and event. */
export interface DeliveryToAttempt {
  id: string;
  /** Attempts made before this one. */
  attempts: number;
  createdAt: Date;
  event: EventRow;
}

/** The current secret, then the previous one while its overlap lasts. */
function signingSecrets(endpoint: DeliveryEndpoint, at: Date): string[] {
  const secrets = [openSigningSecret(endpoint.id, endpoint.signingSecretEncrypted)];
  if (
    endpoint.previousSigningSecretEncrypted &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt.getTime() > at.getTime()
  ) {
    secrets.push(openSigningSecret(endpoint.id, endpoint.previousSigningSecretEncrypted));
  }
  return secrets;
}

async function send(endpoint: DeliveryEndpoint, event: EventRow): Promise<OutboundResult> {
  const started = performance.now();
  const policy = { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_URLS };
  let url: URL;
  let target: Awaited<ReturnType<typeof resolveTarget>>;
  try {
    // Checked again at every attempt: DNS may have changed since the endpoint was registered, or the rule.
    url = parseWebhookUrl(endpoint.url, policy);
    target = await resolveTarget(url, policy);
  } catch (error) {
    if (!(error instanceof UnsafeTargetError)) throw error;
    return {
      ok: false,
      error: `Not sent: the URL ${error.message}`,
      latencyMs: Math.round(performance.now() - started),
    };
  }
  const body = serializePublicEvent(event);
  const timestamp = Math.floor(Date.now() / 1000);
  return postOnce({
    url,
    target,
    body,
    timeoutMs,
    maxResponseBytes: RESPONSE_EXCERPT_BYTES,
    headers: {
      'content-type': 'application/json',
      'user-agent': webhookUserAgent(),
      [WEBHOOK_SIGNATURE_HEADER]: webhookSignatureHeader(signingSecrets(endpoint, now()), timestamp, body),
      [WEBHOOK_EVENT_ID_HEADER]: event.id,
      [WEBHOOK_EVENT_TYPE_HEADER]: event.type,
    },
  });
}

const isSuccess = (result: OutboundResult) => result.ok && result.status >= 200 && result.status <= 299;

/** Keeps what the admins need to debug: the answer's status and first KiB, or why there was none. */
function describeFailure(result: OutboundResult): string {
  return result.ok ? `HTTP ${result.status}` : result.error;
}

/** What one attempt got: the answer (or why there was none), as the delivery log shows it. */
export interface AttemptAnswer {
  succeeded: boolean;
  lastAttemptAt: Date;
  lastResponseStatus: number | null;
  lastLatencyMs: number;
  lastResponseBody: string | null;
  lastError: string | null;
  /** For the log and the endpoint's disabled reason: `HTTP 500`, `Timed out after 10 s`… */
  failure: string | null;
}

/** Signs the event's JSON and sends it once to the endpoint's checked address. Never throws for the receiver's sake. */
export async function makeAttempt(
  endpoint: DeliveryEndpoint,
  delivery: DeliveryToAttempt,
): Promise<AttemptAnswer> {
  const result = await send(endpoint, delivery.event);
  const succeeded = isSuccess(result);
  metrics().webhookAttempts.inc({ outcome: succeeded ? 'succeeded' : 'failed' });
  return {
    succeeded,
    lastAttemptAt: now(),
    lastResponseStatus: result.ok && result.status >= 100 && result.status <= 599 ? result.status : null,
    lastLatencyMs: result.latencyMs,
    lastResponseBody: result.ok ? result.body : null,
    lastError: result.ok ? null : result.error,
    failure: succeeded ? null : describeFailure(result),
  };
}

/**
 * The last automatic attempt of the 3-day window failed: the delivery has failed for good, and unless the endpoint
 * answered another delivery with a 2xx since this one was created (it is alive: only this event keeps failing), the
 * endpoint is disabled, with an internal event whose notifications tell each admin. One transaction.
 */
export async function giveUp(
  endpoint: DeliveryEndpoint,
  delivery: DeliveryToAttempt,
  answer: AttemptAnswer,
): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: 'failed',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: null,
        lastAttemptAt: answer.lastAttemptAt,
        lastResponseStatus: answer.lastResponseStatus,
        lastLatencyMs: answer.lastLatencyMs,
        lastResponseBody: answer.lastResponseBody,
        lastError: answer.lastError,
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')));
    await disableAfterFailures(tx, endpoint, delivery.createdAt, answer.failure ?? 'failed');
  });
}

async function disableAfterFailures(
  tx: Executor,
  endpoint: DeliveryEndpoint,
  deliveryCreatedAt: Date,
  lastFailure: string,
): Promise<void> {
  // An endpoint that answered any delivery since this one began is alive: only this event keeps failing.
  const [alive] = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpoint.id),
        eq(webhookDeliveries.status, 'succeeded'),
        gte(webhookDeliveries.lastAttemptAt, deliveryCreatedAt),
      ),
    )
    .limit(1);
  if (alive) return;
  const reason = `Disabled automatically: deliveries failed for 3 days (last attempt: ${lastFailure}). Fix the receiver, then re-enable the endpoint; missed events are listed by GET /api/v2/events.`;
  const disabled = await tx
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledAt: now(), disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.status, 'enabled')))
    .returning({ id: webhookEndpoints.id });
  if (disabled.length === 0) return;
  await recordEvent(tx, {
    orgId: endpoint.orgId,
    type: 'webhook_endpoint.disabled',
    actor: SYSTEM_ACTOR,
    subjectId: endpoint.id,
    data: { reason, url: endpoint.url },
  });
  // Its admins are told (in the portal and by email, as each chose) by the notifications the event gives rise to.
  log('warn', 'webhook endpoint disabled after 3 days of failures', {
    org_id: endpoint.orgId,
    endpoint_id: endpoint.id,
  });
}
