// Serves POST /api/v2/support/reviews/{kind}/{profileId}/information-request: ask the client for more (staff).

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { requestReviewInformationOperation } from '@/lib/support/contract/reviews-operations';
import { requestReviewInformation } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(requestReviewInformationOperation, ({ actor, db, params, body, requestId }) =>
    requestReviewInformation(db, actor, params.kind, params.profileId, body, {
      operation: requestReviewInformationOperation.id,
      method: requestReviewInformationOperation.method,
      requestId,
    }),
  ),
});
