import { listSenderFiles } from '@/lib/api/operations/profiles';
import { listSenderFiles as list } from '@/lib/files/sender-files';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(listSenderFiles, ({ actor, db, params }) => list(db, actor.orgId, params.senderId)),
});
