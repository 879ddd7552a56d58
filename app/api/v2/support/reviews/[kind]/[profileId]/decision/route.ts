// Serves POST /api/v2/support/reviews/{kind}/{profileId}/decision: approve, or reject with a reason (staff).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { decideReviewOperation } from '@/lib/support/contract/reviews-operations';
import { decideReview } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(decideReviewOperation, ({ actor, db, params, body, requestId }) =>
    decideReview(db, actor, params.kind, params.profileId, body, {
      operation: decideReviewOperation.id,
      method: decideReviewOperation.method,
      requestId,
    }),
  ),
});
