// Serves POST /api/v2/support/organizations/{orgId}/liquidity/routes/{routeId}/proofs: attach a proof (support lead).
import { attachSupportProofOperation } from '@/lib/api/operations/support-liquidity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { staffAttachProof } from '@/lib/support/liquidity';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(attachSupportProofOperation, ({ actor, db, params, body, files }) =>
    staffAttachProof(db, actor, {
      orgId: params.orgId,
      routeId: params.routeId,
      fields: body,
      file: files.file,
    }),
  ),
});
