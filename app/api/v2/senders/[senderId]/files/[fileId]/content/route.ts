// Serves GET /api/v2/senders/{senderId}/files/{fileId}/content: the document's bytes with its type, name and digest.

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { getSenderFileContentOperation } from '@/lib/profiles/contract/operations';
import { getSenderFileContent } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getSenderFileContentOperation, async ({ actor, db, params }) => {
    const file = await getSenderFileContent(db, actor.orgId, params.senderId, params.fileId);
    return {
      contentType: file.mimeType,
      filename: file.fileName,
      body: new Uint8Array(file.bytes),
      sha256: file.sha256,
    };
  }),
});
