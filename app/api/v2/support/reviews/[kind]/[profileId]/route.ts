// Serves GET /api/v2/support/reviews/{kind}/{profileId}: one profile as staff review it, unmasked while in review.
import { getReviewProfileOperation } from '@/lib/api/operations/support-reviews';
import { handle } from '@/lib/platform/http/handle';
import { route } from '@/lib/platform/http/route';
import { openReviewProfile } from '@/lib/support/reviews';

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
