// Serves POST /api/v2/support/organizations/{orgId}/liquidity/routes/{routeId}/proofs: attach a proof (support lead).

import { handle } from '@/lib/app/handle';
import { attachSupportProofOperation } from '@/lib/liquidity/contract/support-operations';
import { staffAttachProof } from '@/lib/liquidity/server';
import { route } from '@/lib/platform/http/route';

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
