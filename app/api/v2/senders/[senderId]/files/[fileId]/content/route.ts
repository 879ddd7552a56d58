import { getSenderFileContent } from '@/lib/api/operations/profiles';
import { fileResponse } from '@/lib/files/download';
import { getSenderFileContent as read } from '@/lib/files/sender-files';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(getSenderFileContent, async ({ actor, db, params }) =>
    fileResponse(await read(db, actor.orgId, params.senderId, params.fileId)),
  ),
});
