import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { fileResponse } from '@/lib/liquidity/file-response';
import { readProofContent } from '@/lib/liquidity/proofs';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(operations.getProofContent, async ({ actor, db, params }) =>
    fileResponse(await readProofContent(db, actor.orgId, params.proofId)),
  ),
});
