// Serves /api/v2/payouts/{batchId}/source-file: attach the CSV a draft batch was imported from (multipart, part
// `file`), and download it with its type, name and digest.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import {
  attachBatchSourceFileOperation,
  getBatchSourceFileOperation,
} from '@/lib/payouts/contract/operations';
import { attachSourceFile, forCaller, getSourceFileContent } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(attachBatchSourceFileOperation, async ({ actor, db, params, files, requestId }) => {
    const caller = serviceActor(actor, requestId);
    const batch = await attachSourceFile(db, caller, {
      batchId: params.batchId,
      fileName: files.file.name,
      content: files.file.stream() as unknown as AsyncIterable<Uint8Array>,
    });
    return forCaller(db, caller, batch);
  }),
  GET: handle(getBatchSourceFileOperation, async ({ actor, db, params }) => {
    const file = await getSourceFileContent(db, actor.orgId, params.batchId);
    return {
      contentType: file.mimeType,
      filename: file.fileName,
      body: new Uint8Array(file.bytes),
      sha256: file.sha256,
    };
  }),
});
