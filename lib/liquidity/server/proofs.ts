// Owns proof-of-settlement documents: attaching files to a route (hashed, stored), listing a route's proofs, and
// reading one proof's bytes for its download URL.
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { settlementProofs, settlementRoutes } from '@/db/schema/liquidity';
import { payoutBatches } from '@/db/schema/payouts';
import { files } from '@/db/schema/platform/files';
import type { ProofOfSettlementWire } from '@/lib/liquidity/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { env } from '@/lib/platform/env';
import { ApiError } from '@/lib/platform/errors/api-error';
import { recordEvent } from '@/lib/platform/events/record-event';
import { fileStore, storeFor } from '@/lib/platform/files/store';
import { storedFileColumns } from '@/lib/platform/files/stored-file';
import { type AuditActor, idFor, SYSTEM_ACTOR } from './common';

/** Largest proof file accepted (the file store's limit for documents). */
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;

/** The file's type from its first bytes, never from a name or a client's claim; null when not an accepted type. */
export function detectDocumentType(
  content: Uint8Array,
): 'application/pdf' | 'image/png' | 'image/jpeg' | null {
  const starts = (bytes: number[]) => bytes.every((byte, index) => content[index] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  return null;
}

export function proofContentPath(proofId: string): string {
  return `/api/v2/liquidity/utilization/proof-of-settlement/${proofId}/content`;
}

function proofToWire(row: {
  proof: typeof settlementProofs.$inferSelect;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}): ProofOfSettlementWire {
  return {
    id: row.proof.id,
    route_id: row.proof.routeId,
    file_name: row.fileName,
    mime_type: row.mimeType,
    url: `${env().APP_BASE_URL.replace(/\/+$/, '')}${proofContentPath(row.proof.id)}`,
    file_size: row.sizeBytes,
    hash_sha256: row.sha256,
    recorded_at: row.proof.recordedAt.toISOString(),
    batch_id: row.proof.batchId,
    transaction_hash: row.proof.transactionHash,
    created_at: row.proof.createdAt.toISOString(),
    updated_at: row.proof.updatedAt.toISOString(),
  };
}

const proofColumns = {
  proof: settlementProofs,
  fileName: files.fileName,
  mimeType: files.mimeType,
  sizeBytes: files.sizeBytes,
  sha256: files.sha256,
};

/**
 * Every proof of one of the organization's routes, most recent settlement first (recorded_at, then id, descending).
 * An unknown route, another organization's, or a routeId that is not a UUID: `not_found` (`resource_not_found`).
 */
export async function listRouteProofs(
  executor: Executor,
  orgId: string,
  routeId: string,
): Promise<ProofOfSettlementWire[]> {
  const [route] = await executor
    .select({ id: settlementRoutes.id })
    .from(settlementRoutes)
    .where(and(eq(settlementRoutes.orgId, orgId), eq(settlementRoutes.id, routeId)));
  if (!route) throw ApiError.notFound('Route');
  const rows = await executor
    .select(proofColumns)
    .from(settlementProofs)
    .innerJoin(files, and(eq(files.orgId, settlementProofs.orgId), eq(files.id, settlementProofs.fileId)))
    .where(and(eq(settlementProofs.orgId, orgId), eq(settlementProofs.routeId, routeId)))
    .orderBy(desc(settlementProofs.recordedAt), desc(settlementProofs.id));
  return rows.map(proofToWire);
}

export interface ProofContent {
  fileName: string;
  mimeType: string;
  sha256: string;
  content: Buffer;
}

/**
 * The proofs that name one of the organization's batches, most recent settlement first: what its batch page links.
 * An unknown batch simply has none.
 */
export async function listBatchProofs(
  executor: Executor,
  orgId: string,
  batchId: string,
): Promise<ProofOfSettlementWire[]> {
  const rows = await executor
    .select(proofColumns)
    .from(settlementProofs)
    .innerJoin(files, and(eq(files.orgId, settlementProofs.orgId), eq(files.id, settlementProofs.fileId)))
    .where(and(eq(settlementProofs.orgId, orgId), eq(settlementProofs.batchId, batchId)))
    .orderBy(desc(settlementProofs.recordedAt), desc(settlementProofs.id));
  return rows.map(proofToWire);
}

/** The bytes behind a proof's `url`; `not_found` for another organization's proof or a non-UUID id. */
export async function readProofContent(
  executor: Executor,
  orgId: string,
  proofId: string,
): Promise<ProofContent> {
  const [row] = await executor
    .select(storedFileColumns)
    .from(settlementProofs)
    .innerJoin(files, and(eq(files.orgId, settlementProofs.orgId), eq(files.id, settlementProofs.fileId)))
    .where(and(eq(settlementProofs.orgId, orgId), eq(settlementProofs.id, proofId)));
  if (!row) throw ApiError.notFound('Proof');
  const content = await storeFor(row.storage).get(row);
  return { fileName: row.fileName, mimeType: row.mimeType, sha256: row.sha256, content };
}

export interface AttachProofInput {
  orgId: string;
  routeId: string;
  fileName: string;
  content: Buffer;
  /** When the settlement it documents took place. */
  recordedAt: Date;
  /** The organization's batch whose settlement it proves (its page links the proof). */
  batchId?: string | null;
  /** The on-chain settlement transaction, when there is one. */
  transactionHash?: string | null;
  actor?: AuditActor;
  uploadedByUserId?: string | null;
  /** For the seed's history; defaults to now. */
  at?: Date;
}

/** Staff and the seed: stores a PDF/PNG/JPEG (type from its content, SHA-256 computed here) as a proof of a route. */
export async function attachProofOfSettlement(
  executor: Executor,
  input: AttachProofInput,
): Promise<ProofOfSettlementWire> {
  if (input.content.length === 0 || input.content.length > MAX_PROOF_BYTES) {
    throw ApiError.businessRule('file: must be between 1 byte and 10 MiB', {
      code: 'invalid_file',
      param: 'file',
    });
  }
  const mimeType = detectDocumentType(input.content);
  if (!mimeType) {
    throw ApiError.businessRule('file: must be a PDF, PNG or JPEG document', {
      code: 'unsupported_file_type',
      param: 'file',
    });
  }
  const fileName = input.fileName.replace(/[\\/\r\n"]/g, '_').trim() || 'proof-of-settlement';
  // The bytes go through the file store (PostgreSQL by default, a bucket when configured), as every document does.
  const fileId = idFor(input.at);
  const location = await fileStore().put({ orgId: input.orgId, fileId, bytes: input.content, mimeType });
  return executor.transaction(async (tx) => {
    const [route] = await tx
      .select({ id: settlementRoutes.id })
      .from(settlementRoutes)
      .where(and(eq(settlementRoutes.orgId, input.orgId), eq(settlementRoutes.id, input.routeId)));
    if (!route)
      throw ApiError.businessRule('route_id: no such route', { code: 'route_not_found', param: 'route_id' });
    if (input.batchId) {
      const [batch] = await tx
        .select({ id: payoutBatches.id })
        .from(payoutBatches)
        .where(and(eq(payoutBatches.orgId, input.orgId), eq(payoutBatches.id, input.batchId)));
      if (!batch)
        throw ApiError.businessRule('batch_id: no such batch', {
          code: 'batch_not_found',
          param: 'batch_id',
        });
    }
    const at = input.at ?? (await businessNow(tx, input.orgId));
    const [file] = await tx
      .insert(files)
      .values({
        id: fileId,
        orgId: input.orgId,
        purpose: 'proof_of_settlement',
        fileName,
        mimeType,
        sizeBytes: input.content.length,
        sha256: sha256Hex(input.content),
        ...location,
        uploadedByUserId: input.uploadedByUserId ?? null,
        createdAt: at,
      })
      .returning();
    const [proof] = await tx
      .insert(settlementProofs)
      .values({
        id: idFor(input.at),
        orgId: input.orgId,
        routeId: input.routeId,
        fileId: file!.id,
        recordedAt: input.recordedAt,
        batchId: input.batchId ?? null,
        transactionHash: input.transactionHash ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const wire = proofToWire({
      proof: proof!,
      fileName: file!.fileName,
      mimeType: file!.mimeType,
      sizeBytes: file!.sizeBytes,
      sha256: file!.sha256,
    });
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'settlement_proof.added',
      actor: input.actor ?? SYSTEM_ACTOR,
      subjectId: proof!.id,
      data: wire,
      createdAt: input.at,
    });
    return wire;
  });
}
