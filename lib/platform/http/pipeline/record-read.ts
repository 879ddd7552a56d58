// Owns the support view's audit trail in the pipeline: a read of an organization's data
// inside a view is recorded in the transaction that reads it, and every request answered under a view is recorded
// once answered — refused ones and the user-level operations a view may not use included.
import { db } from '@/db/client';
import { describeError, log } from '@/lib/platform/log';
import { audienceOf, type Operation } from '@/lib/platform/operations/operation';
import type { OperationResult } from '../idempotency';
import type { Exchange } from './exchange';
import type { PipelineHooks } from './hooks';
import type { Run } from './run-handler';

/** Runs the handler: on the pool, or — for an `org` operation inside a view — in a transaction that records the read. */
export async function runRecordingRead(
  hooks: Pick<PipelineHooks, 'recordStaffRead'>,
  exchange: Exchange,
  operation: Operation,
  run: Run,
): Promise<OperationResult | Response> {
  const { actor } = exchange;
  const impersonation = audienceOf(operation) === 'org' ? actor?.impersonation : undefined;
  const viewedOrgId = actor?.orgId;
  if (!impersonation || !viewedOrgId) return run(db());
  // No record (the view ended meanwhile, or the write failed), no data.
  return db().transaction(async (tx) => {
    await hooks.recordStaffRead(tx, {
      orgId: viewedOrgId,
      staffUserId: impersonation.staffUserId,
      viewId: impersonation.sessionId,
      operation: operation.id,
      method: exchange.request.method,
      resource: exchange.url.pathname,
      requestId: exchange.requestId,
    });
    return run(tx);
  });
}

/** Records the answered request in its view's trail (portal pages read through the API); never fails the request. */
export async function recordViewRequest(
  hooks: Pick<PipelineHooks, 'recordViewRead'>,
  exchange: Exchange,
  operation: Operation,
  status: number,
): Promise<void> {
  const { actor } = exchange;
  if (!actor?.impersonation || !actor.orgId || audienceOf(operation) === 'staff') return;
  await hooks
    .recordViewRead(db(), {
      orgId: actor.orgId,
      staffUserId: actor.impersonation.staffUserId,
      viewId: actor.impersonation.sessionId,
      method: exchange.request.method,
      path: exchange.url.pathname,
      operation: operation.id,
      status,
      requestId: exchange.requestId,
    })
    .catch((error: unknown) =>
      log('error', 'support view read not recorded', {
        request_id: exchange.requestId,
        ...describeError(error),
      }),
    );
}
