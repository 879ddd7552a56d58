// Serves GET /api/v2/support/reviews: the KYC/KYB review queue, oldest submission first (staff),
// each organization on the page recorded as a staff read.

import { handle } from '@/lib/app/handle';
import { route } from '@/lib/platform/http/route';
import { listReviewQueueOperation } from '@/lib/support/contract/reviews-operations';
import { openReviewQueue } from '@/lib/support/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listReviewQueueOperation, ({ actor, db, query, requestId }) =>
    openReviewQueue(db, actor, query, {
      operation: listReviewQueueOperation.id,
      method: listReviewQueueOperation.method,
      requestId,
    }),
  ),
});
