// Serves GET /api/v2/support/reviews: the KYC/KYB review queue, oldest submission first (staff).
import { listReviewQueueOperation } from '@/lib/api/operations/support-reviews';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listReviewQueue } from '@/lib/support/reviews';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(listReviewQueueOperation, ({ db, query }) => listReviewQueue(db, query)),
});
