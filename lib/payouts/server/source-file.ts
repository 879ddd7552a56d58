// Owns a batch's source file: the CSV it was imported from, attached once to the draft and kept as an audit record
// (bytes in the file store with their SHA-256), and read back as it was uploaded.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payoutBatches } from '@/db/schema/payouts';
import { files } from '@/db/schema/platform/files';
import type { ServiceActor } from '@/lib/identity/server';
import { type BatchWire, MAX_BATCH_SOURCE_FILE_BYTES } from '@/lib/payouts/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { recordEvent } from '@/lib/platform/events/record-event';
import { safeFileName } from '@/lib/platform/files/file-name';
import { readLimited } from '@/lib/platform/files/read-limited';
import { fileStore, storeFor } from '@/lib/platform/files/store';
import { storedFileColumns } from '@/lib/platform/files/stored-file';
import { newId } from '@/lib/platform/ids';
import { lockBatch, notAwaitingConfirmation } from './locks';
import { findBatch } from './read';
import { batchFields, toWireBatch } from './rows';

export const SOURCE_FILE_MIME_TYPE = 'text/csv';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * CSV by content, not by name or declared type: UTF-8 text (a byte-order mark allowed) without control characters
 * other than tab, CR and LF, whose first line holds at least two columns.
 */
export function isCsvText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return false;
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return /[,;\t]/.test(header);
}

export interface AttachSourceFileInput {
  batchId: string;
  fileName: string | null;
  content: AsyncIterable<Uint8Array> | Uint8Array;
}

/**
 * Keeps the CSV with a draft batch, once: `not_found` for a batch of another organization, `payload_too_large` over 4
 * MiB, `unsupported_media_type` when it is not CSV text, `validation` when empty, a `conflict` when the batch already
 * has one or is no longer a draft. Nothing is stored on refusal.
 */
export async function attachSourceFile(
  executor: Executor,
  actor: ServiceActor,
  input: AttachSourceFileInput,
): Promise<BatchWire> {
  // `not_found` before reading the body: another organization's batch says nothing about the upload.
  await findBatch(executor, actor.orgId, input.batchId);
  const { bytes, sha256 } = await readLimited(input.content, MAX_BATCH_SOURCE_FILE_BYTES);
  if (bytes.length === 0) {
    throw ApiError.validation([{ field: 'file', code: 'required', message: 'file: is empty' }]);
  }
  if (!isCsvText(bytes)) {
    throw new ApiError('unsupported_media_type', 'The file must be a CSV: UTF-8 text with a header row');
  }
  return executor.transaction(async (tx) => {
    const batch = await lockBatch(tx, actor.orgId, input.batchId);
    if (batch.sourceFile !== null) {
      throw new ApiError('conflict', 'the batch already has its source file', {
        code: 'source_file_already_attached',
      });
    }
    if (batch.status !== 'AWAITING_CONFIRMATION') throw notAwaitingConfirmation(batch, 'attachSourceFile');
    const at = await businessNow(tx, actor.orgId);
    const fileId = newId();
    const location = await fileStore().put({
      orgId: actor.orgId,
      fileId,
      bytes,
      mimeType: SOURCE_FILE_MIME_TYPE,
    });
    await tx.insert(files).values({
      id: fileId,
      orgId: actor.orgId,
      purpose: 'batch_source',
      fileName: safeFileName(input.fileName, 'batch.csv'),
      mimeType: SOURCE_FILE_MIME_TYPE,
      sizeBytes: bytes.length,
      sha256,
      ...location,
      uploadedByUserId: actor.userId,
      createdAt: at,
    });
    const [updated] = await tx
      .update(payoutBatches)
      .set({ sourceFileId: fileId, updatedAt: sql`${at.toISOString()}::timestamptz` })
      .where(and(eq(payoutBatches.orgId, actor.orgId), eq(payoutBatches.id, input.batchId)))
      .returning(batchFields);
    await recordEvent(tx, {
      orgId: actor.orgId,
      type: 'batch.source_file_attached',
      actor: actor.audit,
      subjectId: input.batchId,
      data: {
        file_id: fileId,
        file_name: safeFileName(input.fileName, 'batch.csv'),
        size: bytes.length,
        sha256,
      },
      requestId: actor.requestId,
      createdAt: at,
    });
    return toWireBatch(updated!);
  });
}

export interface SourceFileContent {
  fileName: string;
  mimeType: string;
  sha256: string;
  bytes: Buffer;
}

/** The batch's source file as uploaded; `not_found` when the batch is not the organization's or has none. */
export async function getSourceFileContent(
  executor: Executor,
  orgId: string,
  batchId: string,
): Promise<SourceFileContent> {
  const [row] = await executor
    .select(storedFileColumns)
    .from(payoutBatches)
    .innerJoin(files, and(eq(files.orgId, payoutBatches.orgId), eq(files.id, payoutBatches.sourceFileId)))
    .where(and(eq(payoutBatches.orgId, orgId), eq(payoutBatches.id, batchId)));
  if (!row) {
    await findBatch(executor, orgId, batchId);
    throw ApiError.notFound('Source file');
  }
  const bytes = await storeFor(row.storage).get({
    storage: row.storage,
    content: row.content,
    storageKey: row.storageKey,
  });
  return { fileName: row.fileName, mimeType: row.mimeType, sha256: row.sha256, bytes };
}
