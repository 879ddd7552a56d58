import * as operations from '@/lib/api/operations/liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { readProofContent } from '@/lib/liquidity/proofs';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(operations.getProofContentOperation, async ({ actor, db, params }) => {
    const file = await readProofContent(db, actor.orgId, params.proofId);
    return {
      contentType: file.mimeType,
      filename: file.fileName,
      body: new Uint8Array(file.content),
      sha256: file.sha256,
    };
  }),
});
