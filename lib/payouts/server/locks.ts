// Owns locking a batch for a change, and the refusal for a batch that is no longer a draft.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payoutBatches } from '@/db/schema/payouts';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type BatchRow, batchFields } from './rows';

/**
 * Locks the batch row (scoped to the organization) for the rest of the transaction; `not_found` when it is not
 * theirs.
 */
export async function lockBatch(tx: Executor, orgId: string, batchId: string): Promise<BatchRow> {
  const [batch] = await tx
    .select(batchFields)
    .from(payoutBatches)
    .where(and(eq(payoutBatches.orgId, orgId), eq(payoutBatches.id, batchId)))
    .for('update');
  if (!batch) throw ApiError.notFound('Batch');
  return batch;
}

/** What each change of a draft is called in its refusal (the document renders its examples with the same words). */
export const DRAFT_CHANGES = {
  confirm: 'confirmed',
  discard: 'discarded',
  requote: 're-quoted',
  attachSourceFile: 'given a source file',
  approve: 'approved',
  reject: 'rejected',
} as const;

export function notAwaitingConfirmation(
  batch: Pick<BatchRow, 'status'>,
  change: keyof typeof DRAFT_CHANGES,
): ApiError {
  return new ApiError(
    'conflict',
    `batch is ${batch.status}: only a batch awaiting confirmation can be ${DRAFT_CHANGES[change]}`,
    { code: 'batch_not_awaiting_confirmation' },
  );
}
