// Owns the declarations of the support console's KYC/KYB review operations (audience staff).
import { defineOperation } from '@/lib/platform/operations/operation';
import { listEnvelopeSchema } from '@/lib/platform/pagination';
import {
  reviewDecisionBody,
  reviewFileParams,
  reviewFileQuery,
  reviewProfileParams,
  reviewProfileSchema,
  reviewQueueItemSchema,
  reviewQueueQuery,
} from '@/lib/support/contract/reviews-schemas';

export const listReviewQueueOperation = defineOperation({
  id: 'listReviewQueue',
  method: 'GET',
  path: '/api/v2/support/reviews',
  summary: 'The KYC/KYB review queue: senders and beneficiaries in review, oldest submission first',
  tags: ['Support'],
  audience: 'staff',
  query: reviewQueueQuery,
  response: {
    status: 200,
    description: 'A page of profiles waiting for a decision',
    schema: listEnvelopeSchema(reviewQueueItemSchema),
  },
});

export const getReviewProfileOperation = defineOperation({
  id: 'getReviewProfile',
  method: 'GET',
  path: '/api/v2/support/reviews/{kind}/{profileId}',
  summary: 'One profile as staff review it: details unmasked, documents, screening note, history',
  tags: ['Support'],
  audience: 'staff',
  params: reviewProfileParams,
  response: { status: 200, description: 'The profile', schema: reviewProfileSchema },
});

export const decideReviewOperation = defineOperation({
  id: 'decideReview',
  method: 'POST',
  path: '/api/v2/support/reviews/{kind}/{profileId}/decision',
  summary: 'Approve a profile in review, or reject it with a reason the client sees',
  description:
    'Staff decide over the screening adapter: a profile it referred (or any still in review) becomes `ready` or `rejected`; a late adapter job then leaves it alone. A profile no longer in review is 409. Each decision is an event naming the staff member.',
  tags: ['Support'],
  audience: 'staff',
  idempotent: false,
  params: reviewProfileParams,
  body: reviewDecisionBody,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 200, description: 'The profile after the decision', schema: reviewProfileSchema },
});

export const getReviewFileOperation = defineOperation({
  id: 'getReviewFile',
  method: 'GET',
  path: '/api/v2/support/files/{fileId}/content',
  summary: "A sender's proof document, shown inline or downloaded (reviewers)",
  tags: ['Support'],
  audience: 'staff',
  params: reviewFileParams,
  query: reviewFileQuery,
  response: {
    kind: 'file',
    status: 200,
    description: 'The file',
    contentTypes: ['application/pdf', 'image/png', 'image/jpeg'],
  },
});

export const supportReviewOperations = [
  listReviewQueueOperation,
  getReviewProfileOperation,
  decideReviewOperation,
  getReviewFileOperation,
];
