// Owns one delivery attempt: sign the event's JSON, send it to the checked address, record the answer, and schedule the
// next attempt — or, after 3 days of failures, give up and disable the endpoint so its admins are told.
import { and, eq, gte, sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { events } from '@/db/schema/events';
import { memberships, users } from '@/db/schema/users';
import { type WebhookDeliveryStatus, webhookDeliveries, webhookEndpoints } from '@/db/schema/webhooks';
import { email } from '@/lib/adapters/email';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  webhookSignatureHeader,
} from '@/lib/client/webhooks';
import { now } from '@/lib/clock';
import { env } from '@/lib/env';
import { SYSTEM_ACTOR } from '@/lib/events/audit-actor';
import { recordEvent } from '@/lib/events/record-event';
import { log } from '@/lib/log';
import { enqueueDeliveryAttempt } from './enqueue';
import { serializePublicEvent } from './public-events';
import { nextAttemptAt } from './retry-schedule';
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

let testTrustedCa: string | undefined;
let timeoutMs = DELIVERY_TIMEOUT_MS;

/** Test-only: trust a local TLS receiver's certificate. */
export function setTrustedCaForTests(pem: string | undefined): void {
  testTrustedCa = pem;
}

/** Test-only: a shorter deadline than 10 s, so a hanging receiver does not hold a test; undefined restores it. */
export function setDeliveryTimeoutForTests(ms: number | undefined): void {
  timeoutMs = ms ?? DELIVERY_TIMEOUT_MS;
}

interface Loaded {
  delivery: typeof webhookDeliveries.$inferSelect;
  endpoint: typeof webhookEndpoints.$inferSelect;
  event: typeof events.$inferSelect;
}

async function load(executor: Executor, deliveryId: string): Promise<Loaded | undefined> {
  const [row] = await executor
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: events })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.orgId, webhookDeliveries.orgId),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
      ),
    )
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

/** The current secret, then the previous one while its overlap lasts. */
function signingSecrets(endpoint: Loaded['endpoint'], at: Date): string[] {
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

async function send(loaded: Loaded): Promise<OutboundResult> {
  const started = performance.now();
  const policy = { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE_URLS };
  let url: URL;
  let target: Awaited<ReturnType<typeof resolveTarget>>;
  try {
    // Checked again at every attempt: DNS may have changed since the endpoint was registered, or the rule.
    url = parseWebhookUrl(loaded.endpoint.url, policy);
    target = await resolveTarget(url, policy);
  } catch (error) {
    if (!(error instanceof UnsafeTargetError)) throw error;
    return {
      ok: false,
      error: `Not sent: the URL ${error.message}`,
      latencyMs: Math.round(performance.now() - started),
    };
  }
  const body = serializePublicEvent(loaded.event);
  const timestamp = Math.floor(Date.now() / 1000);
  return postOnce({
    url,
    target,
    body,
    timeoutMs,
    maxResponseBytes: RESPONSE_EXCERPT_BYTES,
    trustedCa: testTrustedCa,
    headers: {
      'content-type': 'application/json',
      'user-agent': webhookUserAgent(),
      [WEBHOOK_SIGNATURE_HEADER]: webhookSignatureHeader(
        signingSecrets(loaded.endpoint, now()),
        timestamp,
        body,
      ),
      [WEBHOOK_EVENT_ID_HEADER]: loaded.event.id,
      [WEBHOOK_EVENT_TYPE_HEADER]: loaded.event.type,
    },
  });
}

const isSuccess = (result: OutboundResult) => result.ok && result.status >= 200 && result.status <= 299;

/** Keeps what the admins need to debug: the answer's status and first KiB, or why there was none. */
function describeFailure(result: OutboundResult): string {
  return result.ok ? `HTTP ${result.status}` : result.error;
}

async function disableAfterFailures(tx: Executor, loaded: Loaded, lastFailure: string): Promise<void> {
  // An endpoint that answered any delivery since this one began is alive: only this event keeps failing.
  const [alive] = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, loaded.endpoint.id),
        eq(webhookDeliveries.status, 'succeeded'),
        gte(webhookDeliveries.lastAttemptAt, loaded.delivery.createdAt),
      ),
    )
    .limit(1);
  if (alive) return;
  const reason = `Disabled automatically: deliveries failed for 3 days (last attempt: ${lastFailure}). Fix the receiver, then re-enable the endpoint; missed events are listed by GET /api/v2/events.`;
  const disabled = await tx
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledAt: now(), disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, loaded.endpoint.id), eq(webhookEndpoints.status, 'enabled')))
    .returning({ id: webhookEndpoints.id });
  if (disabled.length === 0) return;
  await recordEvent(tx, {
    orgId: loaded.endpoint.orgId,
    type: 'webhook_endpoint.disabled',
    actor: SYSTEM_ACTOR,
    subjectId: loaded.endpoint.id,
    data: { reason, url: loaded.endpoint.url },
  });
  await emailAdmins(tx, loaded, reason);
  log('warn', 'webhook endpoint disabled after 3 days of failures', {
    org_id: loaded.endpoint.orgId,
    endpoint_id: loaded.endpoint.id,
  });
}

/** Tells each admin of the organization, by email (the portal shows the same reason on the endpoint). */
async function emailAdmins(tx: Executor, loaded: Loaded, reason: string): Promise<void> {
  const admins = await tx
    .select({ userId: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, loaded.endpoint.orgId), eq(memberships.role, 'admin')));
  const settings = new URL('/settings/webhooks', env().APP_BASE_URL).toString();
  for (const admin of admins) {
    await email().send(tx, {
      kind: 'notice',
      to: admin.email,
      orgId: loaded.endpoint.orgId,
      userId: admin.userId,
      subject: 'A webhook endpoint was disabled',
      text: `Deliveries to ${loaded.endpoint.url} failed for 3 days, so the endpoint was disabled.\n\n${reason}\n\nSee the delivery log and re-enable it: ${settings}`,
    });
  }
}

export interface AttemptOutcome {
  sent: boolean;
  status?: WebhookDeliveryStatus;
}

/**
 * Makes one attempt of a delivery. `manual` (a re-send) is one extra attempt: it never starts or stops the automatic
 * schedule, except that success ends it. Safe to run twice for one job (at-least-once): a delivery that succeeded is
 * not sent again automatically.
 */
export async function attemptDelivery(
  deliveryId: string,
  options: { manual: boolean },
): Promise<AttemptOutcome> {
  const loaded = await load(db(), deliveryId);
  // Deleted with its endpoint, or already settled by another attempt.
  if (!loaded) return { sent: false };
  if (!options.manual && loaded.delivery.status !== 'pending') return { sent: false };
  if (loaded.endpoint.status !== 'enabled') {
    if (!options.manual) {
      await db()
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, lastError: 'Not sent: the endpoint is disabled' })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')));
    }
    return { sent: false };
  }

  const result = await send(loaded);
  const succeeded = isSuccess(result);
  const attemptedAt = now();
  const answer = {
    lastAttemptAt: attemptedAt,
    lastResponseStatus: result.ok && result.status >= 100 && result.status <= 599 ? result.status : null,
    lastLatencyMs: result.latencyMs,
    lastResponseBody: result.ok ? result.body : null,
    lastError: result.ok ? null : result.error,
  };

  let status: WebhookDeliveryStatus | undefined;
  if (succeeded) {
    // The common case in one statement: whatever came before, it has now been delivered.
    const [row] = await db()
      .update(webhookDeliveries)
      .set({
        ...answer,
        status: 'succeeded',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: null,
      })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning({ status: webhookDeliveries.status });
    status = row?.status;
  } else {
    status = await db().transaction(async (tx) => {
      const [current] = await tx
        .select({
          status: webhookDeliveries.status,
          attempts: webhookDeliveries.attempts,
          createdAt: webhookDeliveries.createdAt,
        })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId))
        .for('update');
      if (!current) return undefined;
      const attempts = current.attempts + 1;
      if (options.manual) {
        // One extra attempt: the automatic schedule stays as it was.
        const after: WebhookDeliveryStatus = current.status === 'pending' ? 'pending' : 'failed';
        await tx
          .update(webhookDeliveries)
          .set({ ...answer, status: after, attempts })
          .where(eq(webhookDeliveries.id, deliveryId));
        return after;
      }
      const next = nextAttemptAt(current.createdAt, attempts, attemptedAt);
      const after: WebhookDeliveryStatus = next ? 'pending' : 'failed';
      await tx
        .update(webhookDeliveries)
        .set({ ...answer, status: after, attempts, nextAttemptAt: next })
        .where(eq(webhookDeliveries.id, deliveryId));
      if (next) {
        await enqueueDeliveryAttempt(tx, { id: deliveryId, endpointId: loaded.endpoint.id }, { runAt: next });
      } else {
        await disableAfterFailures(tx, loaded, describeFailure(result));
      }
      return after;
    });
  }

  log(succeeded ? 'debug' : 'info', 'webhook attempt', {
    org_id: loaded.endpoint.orgId,
    endpoint_id: loaded.endpoint.id,
    delivery_id: deliveryId,
    event_id: loaded.event.id,
    manual: options.manual,
    outcome: succeeded ? 'succeeded' : describeFailure(result),
    latency_ms: result.latencyMs,
    status,
  });
  return { sent: true, status };
}

/** Counts of deliveries per status, for the benchmark and tests. */
export async function deliveryCounts(
  executor: Executor = db(),
): Promise<Record<WebhookDeliveryStatus, number>> {
  const rows = await executor
    .select({ status: webhookDeliveries.status, count: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.status);
  const counts: Record<WebhookDeliveryStatus, number> = { pending: 0, succeeded: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}
