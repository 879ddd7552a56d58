// Owns turning one attempt into the outcome a round trip records: the answer, the next retry by the schedule, or —
// once the schedule is over — giving up (the delivery fails and the endpoint is disabled, lib/platform/webhook-delivery/deliver.ts).
import { describeError, log } from '@/lib/platform/log';
import { type AttemptAnswer, type DeliveryEndpoint, giveUp, makeAttempt } from './deliver';
import type { Claimed, Outcome } from './held-endpoint';
import { nextAttemptAt } from './retry-schedule';

/** Makes the attempt. Undefined when there is nothing to record: given up (recorded by giveUp), or a bug (still due). */
export async function attemptClaimed(
  endpoint: DeliveryEndpoint,
  claimed: Claimed,
): Promise<Omit<Outcome, 'doneAt' | 'endpointId'> | undefined> {
  let answer: AttemptAnswer;
  try {
    answer = await makeAttempt(endpoint, claimed);
  } catch (error) {
    // A bug, not the receiver: the delivery stays due and is attempted again by the next claim.
    log('error', 'webhook attempt failed unexpectedly', { delivery_id: claimed.id, ...describeError(error) });
    return undefined;
  }
  let next: Date | null = null;
  if (!answer.succeeded && !claimed.manual) {
    next = nextAttemptAt(claimed.createdAt, claimed.attempts + 1, answer.lastAttemptAt);
    if (!next) {
      try {
        await giveUp(endpoint, claimed, answer);
      } catch (error) {
        log('error', 'webhook give-up failed', { delivery_id: claimed.id, ...describeError(error) });
      }
      logAttempt(endpoint, claimed, answer, 'failed');
      return undefined;
    }
  }
  logAttempt(endpoint, claimed, answer, answer.succeeded ? 'succeeded' : 'pending');
  return {
    id: claimed.id,
    manual: claimed.manual,
    ok: answer.succeeded,
    next_attempt_at: next ? next.toISOString() : null,
    at: answer.lastAttemptAt.toISOString(),
    response_status: answer.lastResponseStatus,
    latency_ms: answer.lastLatencyMs,
    response_body: answer.lastResponseBody,
    error: answer.lastError,
    requested_at: claimed.resendRequestedAt,
  };
}

function logAttempt(
  endpoint: DeliveryEndpoint,
  claimed: Claimed,
  answer: AttemptAnswer,
  status: string,
): void {
  log(answer.succeeded ? 'debug' : 'info', 'webhook attempt', {
    org_id: endpoint.orgId,
    endpoint_id: endpoint.id,
    delivery_id: claimed.id,
    event_id: claimed.event.id,
    manual: claimed.manual,
    outcome: answer.succeeded ? 'succeeded' : answer.failure,
    latency_ms: answer.lastLatencyMs,
    status,
  });
}
