import { listSenderFilesOperation } from '@/lib/api/operations/profiles';
import { listSenderFiles } from '@/lib/files/sender-files';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(listSenderFilesOperation, ({ actor, db, params }) =>
    listSenderFiles(db, actor.orgId, params.senderId),
  ),
});
