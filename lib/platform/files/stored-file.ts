// Owns what reading a stored file back selects: the columns of a `files` row that a download answers with (name, type,
// digest) and those that locate its bytes in whichever store holds them (see ./store.ts).
import { files } from '@/db/schema/platform/files';

/** Select these with the row that names the file; hand the row to `storeFor(row.storage).get(row)` for the bytes. */
export const storedFileColumns = {
  fileName: files.fileName,
  mimeType: files.mimeType,
  sha256: files.sha256,
  storage: files.storage,
  storageKey: files.storageKey,
  content: files.content,
};
