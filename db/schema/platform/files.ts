// Owns the file store's records: sender proof documents and proof-of-settlement files, in Postgres or S3.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  foreignKey,
  index,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { FILE_PURPOSES, FILE_STORAGES, type FilePurpose, type FileStorage } from '@/lib/platform/files/enums';
import { createdAt, id, oneOf } from '../_columns';
import { orgId } from '../_org-id';
import { users } from '../identity/users';
import { senderProfiles } from '../profiles';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { FILE_PURPOSES, FILE_STORAGES, type FilePurpose, type FileStorage } from '@/lib/platform/files/enums';

/** Raw bytes; postgres.js reads and writes `bytea` as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

export const files = pgTable(
  'files',
  {
    id: id(),
    orgId: orgId(),
    /** Set for sender documents: an order's `file_ids` must belong to the order's sender. */
    senderProfileId: uuid(),
    purpose: text().$type<FilePurpose>().notNull(),
    /** As uploaded, for Content-Disposition; never used as a path. */
    fileName: text().notNull(),
    /** Detected from the content on upload, not taken from the client's claim. */
    mimeType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    /** Lower-case hex SHA-256 of the content, computed on upload; served as `hash_sha256`. */
    sha256: text().notNull(),
    storage: text().$type<FileStorage>().notNull(),
    storageKey: text(),
    content: bytea(),
    /** Null when staff or the seed attached the file outside a user session. */
    uploadedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A sender's file can never be attached to another organization's sender (null sender: not checked).
    foreignKey({
      name: 'files_sender_fk',
      columns: [t.orgId, t.senderProfileId],
      foreignColumns: [senderProfiles.orgId, senderProfiles.id],
    }).onDelete('restrict'),
    // Targets of composite keys: settlement proofs (same organization) and order files (same sender).
    unique('files_org_id_key').on(t.orgId, t.id),
    unique('files_org_sender_id_key').on(t.orgId, t.senderProfileId, t.id),
    index('files_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('files_org_sender_created_idx')
      .on(t.orgId, t.senderProfileId, t.createdAt, t.id)
      .where(sql`${t.senderProfileId} is not null`),
    oneOf('files_purpose_valid', t.purpose, FILE_PURPOSES),
    oneOf('files_storage_valid', t.storage, FILE_STORAGES),
    check('files_size_positive', sql`${t.sizeBytes} > 0`),
    check('files_sha256_format', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('files_file_name_present', sql`btrim(${t.fileName}) <> ''`),
    check(
      'files_sender_document_has_sender',
      sql`${t.purpose} <> 'sender_document' or ${t.senderProfileId} is not null`,
    ),
    // Exactly one place holds the bytes, and for Postgres the stored size is the real size.
    check(
      'files_content_matches_storage',
      sql`(${t.storage} = 'postgres' and ${t.content} is not null and ${t.storageKey} is null
          and octet_length(${t.content}) = ${t.sizeBytes})
        or (${t.storage} = 's3' and ${t.content} is null and ${t.storageKey} is not null)`,
    ),
  ],
);
