// Owns the declarations of the support console's operations (audience staff: keys and client users get 404).
import { defineOperation } from '@/lib/api/operation';
import { listEnvelopeSchema } from '@/lib/pagination';
import {
  loanRepaymentSchema,
  loanSchema,
  proofOfSettlementSchema,
  settlementRouteSchema,
  utilizationProofSchema,
} from '@/lib/schemas/liquidity';
import {
  accessLogEntrySchema,
  accessLogQuery,
  allViewsQuery,
  attachProofFields,
  backOfficeSchema,
  corridorIdParams,
  createLoanBody,
  createRouteBody,
  currentViewSchema,
  directoryEntrySchema,
  directoryQuery,
  loanIdParams,
  organizationDetailSchema,
  orgIdParams,
  pricingCorridorSchema,
  pricingMarginSchema,
  pricingRateSchema,
  pricingSchema,
  publishRateBody,
  recordRepaymentBody,
  recordUtilizationBody,
  reviewDecisionBody,
  reviewFileParams,
  reviewFileQuery,
  reviewProfileParams,
  reviewProfileSchema,
  reviewQueueItemSchema,
  reviewQueueQuery,
  routeParams,
  setMarginBody,
  staffMeSchema,
  startViewBody,
  supportViewSchema,
  updateCorridorBody,
} from '@/lib/schemas/support';

export const getStaffMeOperation = defineOperation({
  id: 'getStaffMe',
  method: 'GET',
  path: '/api/v2/support/me',
  summary: 'The signed-in staff member and their active "view as organization", if any',
  tags: ['Support'],
  audience: 'staff',
  response: { status: 200, description: 'The staff member', schema: staffMeSchema },
});

export const searchSupportOrganizationsOperation = defineOperation({
  id: 'searchSupportOrganizations',
  method: 'GET',
  path: '/api/v2/support/organizations',
  summary: 'The organization directory: search by name or id',
  tags: ['Support'],
  audience: 'staff',
  query: directoryQuery,
  response: {
    status: 200,
    description: 'A page of organizations, by name',
    schema: listEnvelopeSchema(directoryEntrySchema),
  },
});

export const getSupportOrganizationOperation = defineOperation({
  id: 'getSupportOrganization',
  method: 'GET',
  path: '/api/v2/support/organizations/{orgId}',
  summary:
    "One organization's state: entitlements, balances, profiles, recent batches, failed orders, webhooks",
  tags: ['Support'],
  audience: 'staff',
  params: orgIdParams,
  response: { status: 200, description: 'The organization', schema: organizationDetailSchema },
});

export const getSupportViewOperation = defineOperation({
  id: 'getSupportView',
  method: 'GET',
  path: '/api/v2/support/view',
  summary: "This session's active read-only view, or null",
  tags: ['Support'],
  audience: 'staff',
  response: { status: 200, description: 'The active view', schema: currentViewSchema },
});

export const startSupportViewOperation = defineOperation({
  id: 'startSupportView',
  method: 'POST',
  path: '/api/v2/support/view',
  summary: 'Start a read-only "view as organization" with a reason (30 minutes, never extended)',
  description:
    "For 30 minutes this session reads the organization's own operations as its admin; every state-changing organization operation is 403. One view per session: viewing another organization means ending this one first (409). Start, end and expiry, and every read made during the view, are recorded and shown to the organization's admins.",
  tags: ['Support'],
  audience: 'staff',
  idempotent: false,
  body: startViewBody,
  response: { status: 201, description: 'The view', schema: supportViewSchema },
});

export const endSupportViewOperation = defineOperation({
  id: 'endSupportView',
  method: 'DELETE',
  path: '/api/v2/support/view',
  summary: "End this session's view (Exit)",
  tags: ['Support'],
  audience: 'staff',
  response: { status: 200, description: 'The view that ended', schema: supportViewSchema },
});

export const listSupportViewsOperation = defineOperation({
  id: 'listSupportViews',
  method: 'GET',
  path: '/api/v2/support/views',
  summary: 'Every support view of every organization (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  query: allViewsQuery,
  response: {
    status: 200,
    description: 'A page of views, newest first',
    schema: listEnvelopeSchema(accessLogEntrySchema),
  },
});

export const exportSupportViewsOperation = defineOperation({
  id: 'exportSupportViews',
  method: 'GET',
  path: '/api/v2/support/views/export',
  summary: 'Every support view as CSV (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  query: allViewsQuery.pick({ org_id: true }),
  response: { kind: 'file', status: 200, description: 'CSV, newest first', contentTypes: ['text/csv'] },
});

export const getAccessLogOperation = defineOperation({
  id: 'getAccessLog',
  method: 'GET',
  path: '/api/v2/organizations/me/access-log',
  summary: 'When and why provider support viewed this organization (admins)',
  description:
    'Each read-only support view of the organization: who, the reason given, when it started and ended, and how many reads it made. Newest first. Session only: admins see it in Settings → Access log.',
  tags: ['Organizations'],
  session: true,
  role: 'admin',
  query: accessLogQuery,
  response: {
    status: 200,
    description: 'A page of support views',
    schema: listEnvelopeSchema(accessLogEntrySchema),
  },
});

export const supportOperations = [
  getStaffMeOperation,
  searchSupportOrganizationsOperation,
  getSupportOrganizationOperation,
  getSupportViewOperation,
  startSupportViewOperation,
  endSupportViewOperation,
  listSupportViewsOperation,
  exportSupportViewsOperation,
];

export const getSupportPricingOperation = defineOperation({
  id: 'getSupportPricing',
  method: 'GET',
  path: '/api/v2/support/pricing',
  summary: 'FX rates in effect, corridors with their limits, organization margins (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  response: { status: 200, description: 'Pricing', schema: pricingSchema },
});

export const publishSupportRateOperation = defineOperation({
  id: 'publishSupportRate',
  method: 'POST',
  path: '/api/v2/support/pricing/rates',
  summary: 'Publish a new FX rate, effective now (support lead)',
  description: 'Appends to the rate history; quotes already made keep the rate they used.',
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  idempotent: false,
  body: publishRateBody,
  response: { status: 201, description: 'The rate', schema: pricingRateSchema },
});

export const updateSupportCorridorOperation = defineOperation({
  id: 'updateSupportCorridor',
  method: 'PATCH',
  path: '/api/v2/support/pricing/corridors/{corridorId}',
  summary: "Change a corridor's status or limits (support lead)",
  description: 'Quotes already made keep the limits they were checked against; new quotes use the new ones.',
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  params: corridorIdParams,
  body: updateCorridorBody,
  response: { status: 200, description: 'The corridor', schema: pricingCorridorSchema },
});

export const setSupportMarginOperation = defineOperation({
  id: 'setSupportMargin',
  method: 'PUT',
  path: '/api/v2/support/pricing/margins',
  summary: "Set an organization's margin, its default or for one currency (support lead)",
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  body: setMarginBody,
  response: { status: 200, description: 'The margin', schema: pricingMarginSchema },
});

export const supportPricingOperations = [
  getSupportPricingOperation,
  publishSupportRateOperation,
  updateSupportCorridorOperation,
  setSupportMarginOperation,
];

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

const orgParams = orgIdParams;

export const getLiquidityBackOfficeOperation = defineOperation({
  id: 'getLiquidityBackOffice',
  method: 'GET',
  path: '/api/v2/support/organizations/{orgId}/liquidity',
  summary:
    "An organization's loans, repayments, settlement routes with their proofs, utilization (support lead)",
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  params: orgParams,
  response: { status: 200, description: 'The liquidity back office', schema: backOfficeSchema },
});

export const createSupportLoanOperation = defineOperation({
  id: 'createSupportLoan',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/liquidity/loans',
  summary: 'Extend a loan to the organization (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  idempotent: false,
  params: orgParams,
  body: createLoanBody,
  response: { status: 201, description: 'The loan', schema: loanSchema },
});

export const recordSupportRepaymentOperation = defineOperation({
  id: 'recordSupportRepayment',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/liquidity/loans/{loanId}/repayments',
  summary: "Record a repayment of one of the organization's loans (support lead)",
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  idempotent: false,
  params: loanIdParams,
  body: recordRepaymentBody,
  response: { status: 201, description: 'The repayment', schema: loanRepaymentSchema },
});

export const createSupportRouteOperation = defineOperation({
  id: 'createSupportRoute',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/liquidity/routes',
  summary: 'Create a settlement route for the organization over a corridor and a chain (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  idempotent: false,
  params: orgParams,
  body: createRouteBody,
  response: { status: 201, description: 'The route', schema: settlementRouteSchema },
});

export const attachSupportProofOperation = defineOperation({
  id: 'attachSupportProof',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/liquidity/routes/{routeId}/proofs',
  summary: 'Attach a proof-of-settlement document to a route (support lead)',
  description:
    'A `multipart/form-data` body: part `file` (PDF, PNG or JPEG by its content, at most 10 MiB; its SHA-256 is computed and stored through the file store) and field `recorded_at` (when the settlement took place).',
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  idempotent: false,
  params: routeParams,
  bodyKind: 'multipart',
  body: attachProofFields,
  files: { file: { description: 'The proof: PDF, PNG or JPEG, at most 10 MiB' } },
  maxBodyBytes: 10 * 1024 * 1024 + 64 * 1024,
  response: { status: 201, description: 'The proof', schema: proofOfSettlementSchema },
});

export const recordSupportUtilizationOperation = defineOperation({
  id: 'recordSupportUtilization',
  method: 'POST',
  path: '/api/v2/support/organizations/{orgId}/liquidity/utilization-proofs',
  summary: 'Record liquidity the organization used, optionally on one of its routes (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRole: 'support_lead',
  idempotent: false,
  params: orgParams,
  body: recordUtilizationBody,
  response: { status: 201, description: 'The utilization proof', schema: utilizationProofSchema },
});

export const supportLiquidityOperations = [
  getLiquidityBackOfficeOperation,
  createSupportLoanOperation,
  recordSupportRepaymentOperation,
  createSupportRouteOperation,
  attachSupportProofOperation,
  recordSupportUtilizationOperation,
];
