// Serves POST /api/v2/support/reviews/{kind}/{profileId}/correction: staff correct a profile's details (audited).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { correctReviewProfileOperation } from '@/lib/support/contract/reviews-operations';
import { correctReviewProfile } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(correctReviewProfileOperation, ({ actor, db, params, body, requestId }) =>
    correctReviewProfile(db, actor, params.kind, params.profileId, body, {
      operation: correctReviewProfileOperation.id,
      method: correctReviewProfileOperation.method,
      requestId,
    }),
  ),
});
