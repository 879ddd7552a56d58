// Serves GET /api/v2/support/files/{fileId}/content: a sender's proof document for a reviewer (sender in review, or inside a view), inline or downloaded.

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { getReviewFileOperation } from '@/lib/support/contract/reviews-operations';
import { getReviewFile } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getReviewFileOperation, async ({ actor, db, params, query, requestId }) => {
    const file = await getReviewFile(db, actor, params.fileId, query.disposition, {
      operation: getReviewFileOperation.id,
      method: getReviewFileOperation.method,
      requestId,
    });
    return {
      contentType: file.mimeType,
      filename: file.fileName,
      disposition: query.disposition,
      body: new Uint8Array(file.bytes),
      sha256: file.sha256,
    };
  }),
});
