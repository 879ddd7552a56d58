// Serves GET /api/v2/support/reviews/{kind}/{profileId}: one profile as staff review it, unmasked while in review.

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { getReviewProfileOperation } from '@/lib/support/contract/reviews-operations';
import { openReviewProfile } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getReviewProfileOperation, ({ actor, db, params, requestId }) =>
    openReviewProfile(db, actor, params.kind, params.profileId, {
      operation: getReviewProfileOperation.id,
      method: getReviewProfileOperation.method,
      requestId,
    }),
  ),
});
