import { handle } from '@/lib/app/handle';
import * as operations from '@/lib/liquidity/contract/operations';
import { readProofContent } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

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
