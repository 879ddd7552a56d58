// Owns the declarations of the support console's KYC/KYB review operations (audience staff).
import { defineOperation } from '@/lib/platform/operations/operation';
import { listEnvelopeSchema } from '@/lib/platform/pagination';
import {
  reviewCorrectionBody,
  reviewDecisionBody,
  reviewFileParams,
  reviewFileQuery,
  reviewInformationRequestBody,
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
  description:
    'By default the profiles waiting for staff (`in_review`); `waiting_for=client` lists those waiting for the client to answer a request for information (`action_required`), `all` both.',
  tags: ['Compliance review'],
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
  tags: ['Compliance review'],
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
    'Staff decide over the screening adapter: a profile it referred (or any still in review) becomes `ready` or `rejected`; a late adapter job then leaves it alone. A profile no longer in review is 409. A reviewer who corrected the profile during this review is 403 `separate_reviewer_required`: another reviewer decides (four eyes). Each decision is an event naming the staff member.',
  tags: ['Compliance review'],
  audience: 'staff',
  idempotent: false,
  params: reviewProfileParams,
  body: reviewDecisionBody,
  errors: ['forbidden', 'invalid_state', 'separate_reviewer_required'],
  response: { status: 200, description: 'The profile after the decision', schema: reviewProfileSchema },
});

export const requestReviewInformationOperation = defineOperation({
  id: 'requestReviewInformation',
  method: 'POST',
  path: '/api/v2/support/reviews/{kind}/{profileId}/information-request',
  summary: 'Ask the client for more information about a profile in review',
  description:
    'The profile becomes `action_required` with `requested_information` (the question, the fields it names, when): the client sees it in the portal and the API, edits or uploads, and submits again (→ `in_review`, back in the queue). Records the public event `sender.action_required` / `beneficiary.action_required`. An empty question or a field name the kind does not have is 422; a profile not in review is 409 `invalid_state`; a session inside a support view is 403 `forbidden`.',
  tags: ['Compliance review'],
  audience: 'staff',
  idempotent: false,
  params: reviewProfileParams,
  body: reviewInformationRequestBody,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 200, description: 'The profile after the request', schema: reviewProfileSchema },
});

export const correctReviewProfileOperation = defineOperation({
  id: 'correctReviewProfile',
  method: 'POST',
  path: '/api/v2/support/reviews/{kind}/{profileId}/correction',
  summary: "Correct a profile's details during its review (audited)",
  description:
    "Changes the named fields under the rules of the client's own PATCH (the profile as it results must pass them; every problem at once, 422). Only while the profile is under review (`in_review` or `action_required`; otherwise 409 `invalid_state`). The corrector becomes a maker of the review and may not approve or reject it (403 `separate_reviewer_required` on the decision). The client reads which fields provider staff changed in `staff_correction`; the reason stays with staff, in the review history and the audit log.",
  tags: ['Compliance review'],
  audience: 'staff',
  idempotent: false,
  params: reviewProfileParams,
  body: reviewCorrectionBody,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 200, description: 'The profile after the correction', schema: reviewProfileSchema },
});

export const getReviewFileOperation = defineOperation({
  id: 'getReviewFile',
  method: 'GET',
  path: '/api/v2/support/files/{fileId}/content',
  summary: "A sender's proof document, shown inline or downloaded (reviewers)",
  tags: ['Compliance review'],
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
  requestReviewInformationOperation,
  correctReviewProfileOperation,
  getReviewFileOperation,
];
