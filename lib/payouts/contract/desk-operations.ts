// Owns the declarations of the payouts desk (staff with the operations role pay orders by hand when
// PAYOUT_RAIL_ADAPTER=operations) and of the payout accounts it pays from (created by a support lead).
import { defineOperation } from '@/lib/platform/operations/operation';
import {
  createPayoutAccountBody,
  deskOrderListSchema,
  deskOrderParams,
  deskOrderSchema,
  deskPayeeSchema,
  deskSchema,
  markSentBody,
  payeeParams,
  payoutAccountListSchema,
  payoutAccountSchema,
  recordOutcomeBody,
} from './desk-schemas';

const FOUR_EYES =
  'Four eyes: the person who marked an order sent cannot record its outcome (403 `second_person_required`).';

export const getPayoutsDeskOperation = defineOperation({
  id: 'getPayoutsDesk',
  method: 'GET',
  path: '/api/v2/support/desk',
  summary: 'Orders to pay and orders in flight, by currency and payout account (operations)',
  description:
    "Every organization's `DEPOSIT_RECEIVED` orders (to pay) and `PAYING_BENEFICIARY` orders (marked sent, waiting for the bank's outcome), oldest first, grouped by currency and the currency's active payout account. Shows the last four characters of each payee's account; the full details are a staff read (`getDeskPayee`).",
  tags: ['Operations desk'],
  audience: 'staff',
  staffRoles: ['operations'],
  response: { status: 200, description: 'The desk', schema: deskSchema },
});

export const markOrdersSentOperation = defineOperation({
  id: 'markOrdersSent',
  method: 'POST',
  path: '/api/v2/support/desk/sent',
  summary: 'Mark orders sent from the bank (operations)',
  description: `Each order moves \`DEPOSIT_RECEIVED\` → \`PAYING_BENEFICIARY\` with a new \`tracking_reference\` (a UETR, UUID v4), paid from its currency's active payout account, with the usual events and webhooks. All or nothing: an order that is not \`DEPOSIT_RECEIVED\`, or is in a payment file not cancelled (it goes to the bank with that file), refuses the request (409 \`invalid_state\`), and so does a currency without an active payout account (409 \`payout_account_missing\`). ${FOUR_EYES}`,
  tags: ['Operations desk'],
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  body: markSentBody,
  errors: ['forbidden', 'invalid_state', 'payout_account_missing'],
  response: { status: 200, description: 'The orders, now PAYING_BENEFICIARY', schema: deskOrderListSchema },
});

export const recordPayoutOutcomeOperation = defineOperation({
  id: 'recordPayoutOutcome',
  method: 'POST',
  path: '/api/v2/support/desk/orders/{orderId}/outcome',
  summary: "Record the bank's outcome of an order marked sent (operations, four eyes)",
  description: `\`paid\` with the bank's reference → \`COMPLETED\` (\`bank_reference\` on the order and its receipt); \`failed\` with a reason → \`FAILED\` (the reason is the order's \`failure_message\`; the funds go back as for any failed order). Each runs the same lifecycle as the sandbox: events, webhooks, ledger, receipts. Only a \`PAYING_BENEFICIARY\` order (409 \`invalid_state\`). ${FOUR_EYES}`,
  tags: ['Operations desk'],
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  params: deskOrderParams,
  body: recordOutcomeBody,
  errors: ['forbidden', 'second_person_required', 'invalid_state'],
  response: { status: 200, description: 'The order after its outcome', schema: deskOrderSchema },
});

export const getDeskPayeeOperation = defineOperation({
  id: 'getDeskPayee',
  method: 'GET',
  path: '/api/v2/support/organizations/{orgId}/orders/{orderId}/payee',
  summary: "An order's payee with the full account number, to pay it (operations; a staff read)",
  description:
    "The bank details the order pays, as confirmed (the order's snapshot), in clear. Recorded as a staff read in the organization's access log.",
  tags: ['Operations desk'],
  audience: 'staff',
  staffRoles: ['operations'],
  params: payeeParams,
  response: { status: 200, description: 'The payee', schema: deskPayeeSchema },
});

export const listPayoutAccountsOperation = defineOperation({
  id: 'listPayoutAccounts',
  method: 'GET',
  path: '/api/v2/support/payout-accounts',
  summary: "The provider's accounts the payouts desk pays from (operations, support lead)",
  tags: ['Operations desk'],
  audience: 'staff',
  staffRoles: ['operations', 'support_lead'],
  response: {
    status: 200,
    description: 'Every payout account, active ones first',
    schema: payoutAccountListSchema,
  },
});

export const createPayoutAccountOperation = defineOperation({
  id: 'createPayoutAccount',
  method: 'POST',
  path: '/api/v2/support/payout-accounts',
  summary: 'Add a payout account the desk pays from (support lead)',
  description:
    "The new account becomes its currency's active one (the previous active account of that currency is kept, inactive). Audited (`payout_account.created`).",
  tags: ['Operations desk'],
  audience: 'staff',
  staffRoles: ['support_lead'],
  idempotent: false,
  body: createPayoutAccountBody,
  errors: ['forbidden'],
  response: { status: 201, description: 'The payout account', schema: payoutAccountSchema },
});

export const payoutsDeskOperations = [
  getPayoutsDeskOperation,
  markOrdersSentOperation,
  recordPayoutOutcomeOperation,
  getDeskPayeeOperation,
  listPayoutAccountsOperation,
  createPayoutAccountOperation,
];
