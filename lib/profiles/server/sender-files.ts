// Owns senders' proof documents: upload (type by content, 10 MiB, SHA-256 while streaming), list, download, and the
// check that files named by an order belong to the order's sender.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { files } from '@/db/schema/platform/files';
import type { ServiceActor } from '@/lib/identity/server';
import { now } from '@/lib/platform/clock';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { recordEvent } from '@/lib/platform/events/record-event';
import { ALLOWED_TYPES, type AllowedMimeType, detectFileType } from '@/lib/platform/files/detect-type';
import { safeFileName } from '@/lib/platform/files/file-name';
import { readLimited } from '@/lib/platform/files/read-limited';
import { fileStore, storeFor } from '@/lib/platform/files/store';
import { newId } from '@/lib/platform/ids';
import type { SenderFileWire } from '@/lib/profiles/contract/schemas';
import { findProfileRow } from './profile-rows';

/** 10 MiB: a scanned licence or statement fits; anything larger is refused before it is kept. */
export const MAX_SENDER_FILE_BYTES = 10 * 1024 * 1024;

type FileRow = typeof files.$inferSelect;

export function senderFileToWire(row: FileRow): SenderFileWire {
  return {
    id: row.id,
    sender_profile_id: row.senderProfileId!,
    file_name: row.fileName,
    mime_type: row.mimeType as AllowedMimeType,
    file_size: row.sizeBytes,
    hash_sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
  };
}

export interface UploadSenderFileInput {
  orgId: string;
  senderId: string;
  fileName: string | null;
  content: AsyncIterable<Uint8Array> | Uint8Array;
  /** Who acts (lib/identity/server/auth/service-actor), with the request id. */
  actor: ServiceActor;
  /** The signed-in user who uploaded it (null for API keys). */
  uploadedByUserId: string | null;
  at?: Date;
}

export async function uploadSenderFile(
  executor: Executor,
  input: UploadSenderFileInput,
): Promise<SenderFileWire> {
  const sender = await findProfileRow(executor, 'sender', input.orgId, input.senderId);
  if (!sender) throw ApiError.notFound('Sender');
  const { bytes, sha256 } = await readLimited(input.content, MAX_SENDER_FILE_BYTES);
  if (bytes.length === 0) {
    throw ApiError.validation([{ field: 'file', code: 'required', message: 'file: is empty' }]);
  }
  const mimeType = detectFileType(bytes);
  if (!mimeType) {
    throw new ApiError(
      'unsupported_media_type',
      'The file must be a PDF, PNG or JPEG document (checked by its content)',
    );
  }
  const fileId = newId();
  const location = await fileStore().put({ orgId: input.orgId, fileId, bytes, mimeType });
  return executor.transaction(async (tx) => {
    const at = input.at ?? now();
    const [row] = await tx
      .insert(files)
      .values({
        id: fileId,
        orgId: input.orgId,
        senderProfileId: sender.id,
        purpose: 'sender_document',
        fileName: safeFileName(input.fileName, `document.${ALLOWED_TYPES[mimeType].extension}`),
        mimeType,
        sizeBytes: bytes.length,
        sha256,
        ...location,
        uploadedByUserId: input.uploadedByUserId,
        createdAt: at,
      })
      .returning();
    const wire = senderFileToWire(row!);
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'sender.file_uploaded',
      actor: input.actor.audit,
      subjectId: sender.id,
      data: wire,
      requestId: input.actor.requestId,
      createdAt: at,
    });
    return wire;
  });
}

async function senderOr404(executor: Executor, orgId: string, senderId: string) {
  const sender = await findProfileRow(executor, 'sender', orgId, senderId);
  if (!sender) throw ApiError.notFound('Sender');
  return sender;
}

const METADATA = {
  id: files.id,
  orgId: files.orgId,
  senderProfileId: files.senderProfileId,
  purpose: files.purpose,
  fileName: files.fileName,
  mimeType: files.mimeType,
  sizeBytes: files.sizeBytes,
  sha256: files.sha256,
  storage: files.storage,
  storageKey: files.storageKey,
  uploadedByUserId: files.uploadedByUserId,
  createdAt: files.createdAt,
};

/** Newest first; the bytes are not read. */
export async function listSenderFiles(
  executor: Executor,
  orgId: string,
  senderId: string,
): Promise<{ items: SenderFileWire[] }> {
  await senderOr404(executor, orgId, senderId);
  const rows = await executor
    .select(METADATA)
    .from(files)
    .where(
      and(eq(files.orgId, orgId), eq(files.senderProfileId, senderId), eq(files.purpose, 'sender_document')),
    )
    .orderBy(desc(files.createdAt), desc(files.id));
  return { items: rows.map((row) => senderFileToWire({ ...row, content: null })) };
}

export interface FileContent {
  fileName: string;
  mimeType: string;
  sha256: string;
  bytes: Buffer;
}

/**
 * A file of this sender of this organization, or `not_found` (another organization's file is indistinguishable from
 * none).
 */
export async function getSenderFileContent(
  executor: Executor,
  orgId: string,
  senderId: string,
  fileId: string,
): Promise<FileContent> {
  const [row] = await executor
    .select()
    .from(files)
    .where(and(eq(files.orgId, orgId), eq(files.senderProfileId, senderId), eq(files.id, fileId)));
  if (!row) throw ApiError.notFound('File');
  const bytes = await storeFor(row.storage).get(row);
  return { fileName: row.fileName, mimeType: row.mimeType, sha256: row.sha256, bytes };
}

/**
 * For createBatch's `file_ids`: every id must be a document uploaded against this sender of this organization. The
 * refusal names the failing entry (`<field>.<index>`) and never says whether the file exists elsewhere.
 */
export async function assertFilesBelongToSender(
  executor: Executor,
  input: { orgId: string; senderId: string; fileIds: readonly string[]; field?: string },
): Promise<void> {
  if (input.fileIds.length === 0) return;
  const unique = [...new Set(input.fileIds)];
  const rows = await executor
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.orgId, input.orgId),
        eq(files.senderProfileId, input.senderId),
        eq(files.purpose, 'sender_document'),
        inArray(files.id, unique),
      ),
    );
  const found = new Set(rows.map((row) => row.id));
  const field = input.field ?? 'file_ids';
  const missing = input.fileIds
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => !found.has(id))
    .map(
      ({ index }): FieldError => ({
        field: `${field}.${index}`,
        code: 'file_not_found',
        message: `${field}.${index}: no such file for this sender`,
      }),
    );
  if (missing.length > 0) {
    throw new ApiError('bad_request', missing[0]!.message, { code: 'file_not_found', fieldErrors: missing });
  }
}
