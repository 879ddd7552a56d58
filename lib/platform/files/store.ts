// Owns where file bytes live: PostgreSQL by default (in the `files` row), or an S3-compatible bucket when one is
// configured. Services write and read through this interface only.
import type { FileStorage } from '@/lib/platform/files/enums';

/** What a store returns for the `files` row: where the bytes went. */
export interface StoredLocation {
  storage: FileStorage;
  /** The bytes themselves, for the PostgreSQL store; null when they live elsewhere. */
  content: Buffer | null;
  /** The object key, for a bucket store; null for PostgreSQL. */
  storageKey: string | null;
}

export interface FileStore {
  readonly kind: FileStorage;
  /** Keeps the bytes of file `fileId` of `orgId`; the caller writes the returned location into the row. */
  put(input: { orgId: string; fileId: string; bytes: Buffer; mimeType: string }): Promise<StoredLocation>;
  /** The bytes of a stored file. */
  get(location: StoredLocation): Promise<Buffer>;
}

/** Bytes in the row: one transaction covers the record and its content, and backups hold both. */
export const postgresFileStore: FileStore = {
  kind: 'postgres',
  put: async ({ bytes }) => ({ storage: 'postgres', content: bytes, storageKey: null }),
  get: async (location) => {
    if (!location.content) throw new Error('a PostgreSQL-stored file has no content');
    return location.content;
  },
};

/**
 * The configured store. Only PostgreSQL is built: an S3-compatible store implements `FileStore` with its bucket
 * client (put under `<orgId>/<fileId>`, get by `storage_key`) and is chosen here from configuration.
 */
export function fileStore(): FileStore {
  return postgresFileStore;
}

/** The store that holds an existing file, whatever is configured for new ones. */
export function storeFor(storage: FileStorage): FileStore {
  if (storage === 'postgres') return postgresFileStore;
  throw new Error(`file storage "${storage}" is not configured`);
}
