import { getSenderFileContentOperation } from '@/lib/api/operations/profiles';
import { fileResponse } from '@/lib/files/download';
import { getSenderFileContent } from '@/lib/files/sender-files';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(getSenderFileContentOperation, async ({ actor, db, params }) =>
    fileResponse(await getSenderFileContent(db, actor.orgId, params.senderId, params.fileId)),
  ),
});
