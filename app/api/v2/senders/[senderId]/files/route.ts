// Serves /api/v2/senders/{senderId}/files: upload a proof document (multipart, part `file`), list them.

import { handle } from '@/lib/app/handle';
import { serviceActor } from '@/lib/identity/server';
import { route } from '@/lib/platform/http/route';
import { listSenderFilesOperation, uploadSenderFileOperation } from '@/lib/profiles/contract/operations';
import { listSenderFiles, uploadSenderFile } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listSenderFilesOperation, ({ actor, db, params }) =>
    listSenderFiles(db, actor.orgId, params.senderId),
  ),
  POST: handle(uploadSenderFileOperation, ({ actor, db, params, files, requestId }) =>
    uploadSenderFile(db, {
      orgId: actor.orgId,
      senderId: params.senderId,
      fileName: files.file.name,
      content: files.file.stream() as unknown as AsyncIterable<Uint8Array>,
      actor: serviceActor(actor, requestId),
      uploadedByUserId: actor.via === 'session' && !actor.impersonation ? (actor.userId ?? null) : null,
    }),
  ),
});
