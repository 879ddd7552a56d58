// Owns the declarations of the support console's operations (audience staff: keys and client users get 404).
import { STAFF_ROLES } from '@/lib/platform/actor/roles';
import { defineOperation } from '@/lib/platform/operations/operation';
import { listEnvelopeSchema } from '@/lib/platform/pagination';
import {
  accessLogEntrySchema,
  accessLogQuery,
  allViewsQuery,
  corridorIdParams,
  currentViewSchema,
  directoryEntrySchema,
  directoryQuery,
  organizationDetailSchema,
  orgIdParams,
  pricingCorridorSchema,
  pricingMarginSchema,
  pricingRateSchema,
  pricingSchema,
  publishRateBody,
  setMarginBody,
  staffMeSchema,
  staffReadSchema,
  startViewBody,
  supportViewSchema,
  updateCorridorBody,
} from '@/lib/support/contract/schemas';

export const getStaffMeOperation = defineOperation({
  id: 'getStaffMe',
  method: 'GET',
  path: '/api/v2/support/me',
  summary: 'The signed-in staff member and their active "view as organization", if any',
  tags: ['Support'],
  audience: 'staff',
  // Every staff member's console shell reads it, whichever roles they hold.
  staffRoles: STAFF_ROLES,
  response: { status: 200, description: 'The staff member', schema: staffMeSchema },
});

export const searchSupportOrganizationsOperation = defineOperation({
  id: 'searchSupportOrganizations',
  method: 'GET',
  path: '/api/v2/support/organizations',
  summary: 'The organization directory: search by name or id',
  tags: ['Support'],
  audience: 'staff',
  // Operations too: recording a deposit or entering a deposit address starts by finding the organization (the
  // console's Custody page); the entries carry no bank or ID data.
  staffRoles: ['support', 'operations'],
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
    "For 30 minutes this session reads the organization's own operations as its admin; every state-changing organization operation is 403. One open view per session: viewing another organization means ending this one first (409 `view_already_open`, also for concurrent starts). A view never reaches secrets: user-level operations (account, invitations, sandbox outbox) answer 403 until it ends. Start, end and expiry, and every read made during the view, are recorded and shown to the organization's admins.",
  tags: ['Support'],
  audience: 'staff',
  idempotent: false,
  body: startViewBody,
  errors: ['resource_not_found', 'invalid_state', 'view_already_open'],
  response: { status: 201, description: 'The view', schema: supportViewSchema },
});

export const endSupportViewOperation = defineOperation({
  id: 'endSupportView',
  method: 'DELETE',
  path: '/api/v2/support/view',
  summary: "End this session's view (Exit)",
  tags: ['Support'],
  audience: 'staff',
  errors: ['resource_not_found'],
  response: { status: 200, description: 'The view that ended', schema: supportViewSchema },
});

export const listSupportViewsOperation = defineOperation({
  id: 'listSupportViews',
  method: 'GET',
  path: '/api/v2/support/views',
  summary: 'Every support view of every organization (support lead)',
  tags: ['Support'],
  audience: 'staff',
  staffRoles: ['support_lead'],
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
  staffRoles: ['support_lead'],
  query: allViewsQuery.pick({ org_id: true }),
  response: { kind: 'file', status: 200, description: 'CSV, newest first', contentTypes: ['text/csv'] },
});

/** Both access-log reads: the organization's admins, in the portal only, a page at a time. */
const accessLogRead = {
  tags: ['Organizations'],
  session: true,
  role: 'admin',
  query: accessLogQuery,
} as const;

export const getAccessLogOperation = defineOperation({
  id: 'getAccessLog',
  method: 'GET',
  path: '/api/v2/organizations/me/access-log',
  summary: 'When and why provider support viewed this organization (admins)',
  description:
    'Each read-only support view of the organization: who, the reason given, when it started and ended, and how many reads it made. Newest first. Session only: admins see it in Settings → Access log.',
  ...accessLogRead,
  response: {
    status: 200,
    description: 'A page of support views',
    schema: listEnvelopeSchema(accessLogEntrySchema),
  },
});

export const listStaffReadsOperation = defineOperation({
  id: 'listStaffReads',
  method: 'GET',
  path: '/api/v2/organizations/me/access-log/reads',
  summary: "Every read of this organization's data by provider staff (admins)",
  description:
    'Each read by provider staff: every request made inside a support view, and each profile, document or organization summary a staff member opened in the support console. Recorded in the transaction that read the data, so nothing is read without a record. Newest first. Session only: admins see it in Settings → Access log.',
  ...accessLogRead,
  response: {
    status: 200,
    description: 'A page of staff reads',
    schema: listEnvelopeSchema(staffReadSchema),
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
  staffRoles: ['support_lead'],
  response: { status: 200, description: 'Pricing', schema: pricingSchema },
});

export const publishSupportRateOperation = defineOperation({
  id: 'publishSupportRate',
  method: 'POST',
  path: '/api/v2/support/pricing/rates',
  summary: 'Publish a new FX rate, effective now (support lead)',
  description:
    'Appends to the rate history; quotes already made keep the rate they used. Only where quotes read these rates (`RATES_ADAPTER=sandbox`): with a rate sheet or a feed it is 409 `invalid_state`, naming where rates come from.',
  tags: ['Support'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  idempotent: false,
  body: publishRateBody,
  errors: ['forbidden', 'invalid_state'],
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
  staffRoles: ['support_lead'],
  params: corridorIdParams,
  body: updateCorridorBody,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 200, description: 'The corridor', schema: pricingCorridorSchema },
});

export const setSupportMarginOperation = defineOperation({
  id: 'setSupportMargin',
  method: 'PUT',
  path: '/api/v2/support/pricing/margins',
  summary: "Set an organization's margin, its default or for one currency (support lead)",
  tags: ['Support'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  body: setMarginBody,
  errors: ['forbidden', 'resource_not_found'],
  response: { status: 200, description: 'The margin', schema: pricingMarginSchema },
});

export const supportPricingOperations = [
  getSupportPricingOperation,
  publishSupportRateOperation,
  updateSupportCorridorOperation,
  setSupportMarginOperation,
];
