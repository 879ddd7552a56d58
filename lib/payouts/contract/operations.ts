// Owns the declarations of the payouts operations (payouts area): batches, orders, receipts, exports, the approval
// policy and the sandbox lifecycle controls.

import { ruleChangeSchema } from '@/lib/approvals/contract/schemas';
import {
  approvalPolicySchema,
  approveBatchBody,
  batchParams,
  batchSchema,
  batchWithOrdersSchema,
  CREATE_BATCH_MAX_BODY_BYTES,
  type CreateBatchBody,
  confirmBatchBody,
  createBatchBody,
  exportOrdersQuery,
  HEAVY_BATCH_ORDERS,
  listBatchesQuery,
  listBatchOrdersQuery,
  listOrdersQuery,
  MAX_BATCH_SOURCE_FILE_BYTES,
  MAX_EXPORT_DAYS,
  MAX_ORDERS_PER_BATCH,
  MAX_SUMMARY_DAYS,
  orderParams,
  orderSchema,
  orderSummaryQuery,
  orderSummarySchema,
  rejectBatchBody,
  statementQuery,
  updateApprovalPolicyBody,
} from '@/lib/payouts/contract/schemas';
import {
  DEFAULT_EXPORT_CONCURRENCY_TOTAL,
  DEFAULT_HEAVY_CONCURRENCY_PER_ORG,
  DEFAULT_MAX_OPEN_DRAFT_ORDERS,
  DEFAULT_STREAM_WRITE_TIMEOUT_SECONDS,
  defineOperation,
} from '@/lib/platform/operations/operation';
import { CURSOR_PAGINATION, cursorListEnvelopeSchema, listEnvelopeSchema } from '@/lib/platform/pagination';

const LIFECYCLE = `Order lifecycle after confirmation: \`AWAITING_DEPOSIT\` (the batch total is held from the available balance; \`expires_at\` is the funding deadline, ${'`FUNDING_WINDOW_MINUTES`'} after confirmation, default 60) → \`DEPOSIT_RECEIVED\` (the held USDT was swept into settlement) → \`PAYING_BENEFICIARY\` (the payment left; \`tracking_reference\` is set) → \`COMPLETED\`; or \`FAILED\` with a displayable \`failure_message\` (the funds return to the available balance); or \`CANCELLED_EXPIRED\` when the deadline passes before the sweep lands, or an approver cancels (the hold is released).`;

/** What an export or statement promises about its size and pace (DESIGN "Tenant limits"). */
const EXPORT_LIMITS = (rows: string) =>
  `Limits: a period covers at most ${MAX_EXPORT_DAYS} days (\`to\` at most ${MAX_EXPORT_DAYS} days after \`from\`, else 422 naming \`to\`; ask for longer periods a year at a time). At most ${DEFAULT_HEAVY_CONCURRENCY_PER_ORG} of these run at once per organization on each server instance (and ${DEFAULT_EXPORT_CONCURRENCY_TOTAL} exports of all organizations together); others get 429 with \`Retry-After\`. The ${rows} are read a part at a time and sent as the client reads them: a client that takes nothing for ${DEFAULT_STREAM_WRITE_TIMEOUT_SECONDS} seconds has the stream aborted. (Defaults; a deployment may set its own.)`;

export const createBatchOperation = defineOperation({
  id: 'createBatch',
  method: 'POST',
  path: '/api/v2/payouts',
  summary: 'Create and quote a draft batch',
  description: `Creates a batch of 1 to ${MAX_ORDERS_PER_BATCH} orders (body up to 4 MiB), each quoted at once: \`fee_amount\` is the part of the wire fee the client funds (OUR: all of it; SHA: the sending side's share), \`source_amount\` the USDT to fund, rounded up to the cent. The batch is \`AWAITING_CONFIRMATION\`, every order \`DRAFT\`; nothing is charged. The quote is valid until \`quote_expires_at\` (30 minutes); an unconfirmed draft expires whole after 7 days.

422 names each failing field by path (\`orders.2.beneficiary_amount: …\`). 400 refuses business rules for every failing order at once in \`errors[]\` (profile not found or not \`ready\`, a beneficiary of another sender, a file of another sender, an unsupported currency, a suspended corridor, an amount outside the corridor's limits); nothing is stored.

Rates: each order is quoted at the rate in force. A currency with no rate at all refuses its order (400, \`no_rate\` in \`errors[]\`); a rate source that is stale or unreachable (the provider's rate sheet past its validity, its rates feed too old) refuses the whole request with 503 \`rates_unavailable\` and \`Retry-After\`: nothing is stored, retry later.

Tenant limits: an organization holds at most ${DEFAULT_MAX_OPEN_DRAFT_ORDERS.toLocaleString('en-US')} open draft orders (\`DRAFT\`; the default, a deployment may set its own): a batch that would go past it is refused whole with 400 \`draft_limit_reached\` (\`param\` \`orders\`); confirm or discard drafts first. A batch of more than ${HEAVY_BATCH_ORDERS.toLocaleString('en-US')} orders is heavy work: at most ${DEFAULT_HEAVY_CONCURRENCY_PER_ORG} such requests of one organization run at once on each server instance, others get 429 with \`Retry-After\`.`,
  tags: ['Payouts'],
  entitlement: 'payouts',
  body: createBatchBody,
  heavy: {
    name: `large batch creations (over ${HEAVY_BATCH_ORDERS.toLocaleString('en-US')} orders)`,
    when: (body) => (body as CreateBatchBody).orders.length > HEAVY_BATCH_ORDERS,
  },
  maxBodyBytes: CREATE_BATCH_MAX_BODY_BYTES,
  errors: ['orders_invalid', 'draft_limit_reached', 'rates_unavailable'],
  response: {
    status: 201,
    description: 'The draft batch and its quoted orders',
    schema: batchWithOrdersSchema,
  },
  links: {
    getBatch: {
      operationId: 'getBatch',
      parameters: { batchId: '$response.body#/batch/id' },
      description: 'Read the batch and its orders again',
    },
    confirmBatch: {
      operationId: 'confirmBatch',
      parameters: { batchId: '$response.body#/batch/id' },
      description: 'Confirm it: hold the total and start the orders',
    },
    discardBatch: {
      operationId: 'discardBatch',
      parameters: { batchId: '$response.body#/batch/id' },
      description: 'Discard the draft',
    },
  },
});

export const listBatchesOperation = defineOperation({
  id: 'listBatches',
  method: 'GET',
  path: '/api/v2/payouts',
  summary: 'List batches',
  description: 'Newest first. Filters combine with each other and with pagination.',
  tags: ['Payouts'],
  entitlement: 'payouts',
  query: listBatchesQuery,
  response: { status: 200, description: 'A page of batches', schema: listEnvelopeSchema(batchSchema) },
});

export const getBatchOperation = defineOperation({
  id: 'getBatch',
  method: 'GET',
  path: '/api/v2/payouts/{batchId}',
  summary: 'A batch with all its orders',
  tags: ['Payouts'],
  entitlement: 'payouts',
  params: batchParams,
  response: { status: 200, description: 'The batch and its orders', schema: batchWithOrdersSchema },
});

export const listBatchOrdersOperation = defineOperation({
  id: 'listBatchOrders',
  method: 'GET',
  path: '/api/v2/payouts/{batchId}/orders',
  summary: "A batch's orders, paginated",
  description: 'In the order of the createBatch request.',
  tags: ['Payouts'],
  entitlement: 'payouts',
  params: batchParams,
  query: listBatchOrdersQuery,
  response: { status: 200, description: 'A page of orders', schema: listEnvelopeSchema(orderSchema) },
});

export const requoteBatchOperation = defineOperation({
  id: 'requoteBatch',
  method: 'POST',
  path: '/api/v2/payouts/{batchId}/quote',
  summary: 'Re-quote a draft batch',
  description:
    'Fresh `fee_amount`, `source_amount`, `source_amount_total` and `quote_expires_at` (never past the draft’s own 7-day expiry). Show the new amounts before confirming. Whoever re-quotes becomes one of the batch’s `makers` (under the approval policy, not its confirmer). 409 unless the batch is `AWAITING_CONFIRMATION`. A stale or unreachable rate source answers 503 `rates_unavailable` with `Retry-After` and leaves the batch and its quote as they were; a currency with no rate at all is 400 (`no_rate` in `errors[]`).',
  tags: ['Payouts'],
  entitlement: 'payouts',
  params: batchParams,
  errors: ['orders_invalid', 'batch_not_awaiting_confirmation', 'draft_expired', 'rates_unavailable'],
  response: { status: 200, description: 'The batch with its new quote', schema: batchWithOrdersSchema },
});

export const confirmBatchOperation = defineOperation({
  id: 'confirmBatch',
  method: 'POST',
  path: '/api/v2/payouts/{batchId}/confirm',
  summary: 'Confirm a batch: hold its total and start its orders',
  description: `Holds \`source_amount_total\` from the available USDT balance and moves every order to \`AWAITING_DEPOSIT\`, in one step.

**Send the digest you reviewed**: \`{"review_digest": "<the batch's review_digest as you showed or checked it>"}\`. The digest covers the quote expiry and every order's amounts, fee, purpose and both parties with the version of their identity and bank details, so the confirm binds exactly what the approver saw: if anything changed since (a re-quote, a beneficiary's new bank account), the answer is 409 \`review_outdated\` with \`errors[]\` naming each change (\`field\` \`orders.N.<input>\` or \`quote_expires_at\`, \`code\` \`changed\`); read the batch again, review it, and confirm with its new digest. The body is optional for compatibility (without it nothing is compared) unless the organization's setting \`require_review_digest\` is on (on for organizations opened from 2.10.0; \`GET /organizations/me/settings\`): then a confirm without it is 422 with \`errors[]\` \`{field: "review_digest", code: "required"}\` and nothing changes. A confirm without the digest that goes through answers \`Deprecation: true\` with the changelog \`Link\` (no \`Sunset\`: none is scheduled). A malformed digest is 422, and so is an unknown field (\`unknown_field\` in \`errors[]\`, since 2.7.0: a misspelt \`reviewDigest\` must not confirm unchecked).

Checks, in this order: 409 when the batch is not awaiting confirmation (a batch is confirmed exactly once); 409 \`review_outdated\`; 409 "quote expired: re-quote the batch" (amounts never change silently); 400 naming each order whose sender or beneficiary is no longer \`ready\`; 403 \`separate_confirmer_required\` when the approval policy requires someone other than the batch's \`makers\` (its creator, everyone who re-quoted it, everyone who changed a party it pays while it was a draft; a person: an API key acts for the user who created it); 400 "funding balance is short".

${LIFECYCLE}`,
  tags: ['Payouts'],
  entitlement: 'payouts',
  role: 'approver',
  params: batchParams,
  body: confirmBatchBody,
  bodyOptional: true,
  deprecatedUse: {
    when: (body) => (body as { review_digest?: string } | undefined)?.review_digest === undefined,
    description: 'A confirm without `review_digest`',
  },
  errors: [
    'orders_invalid',
    'insufficient_balance',
    'separate_confirmer_required',
    'batch_not_awaiting_confirmation',
    'quote_expired',
    'review_outdated',
    'approval_required',
    'not_an_eligible_approver',
    'already_approved',
    'invalid_state',
  ],
  response: { status: 200, description: 'The confirmed batch and its orders', schema: batchWithOrdersSchema },
});

export const approveBatchOperation = defineOperation({
  id: 'approveBatch',
  method: 'POST',
  path: '/api/v2/payouts/{batchId}/approve',
  summary: 'Approve a batch that waits for approval',
  description: `Fills one slot of the batch's \`approval\` (its first open stage) with the caller's approval, given on the \`approval_digest\` the caller reviewed (required): it binds the orders, amounts, currencies and parties with the version of their details, not the quote, so approvals outlast a 30-minute quote. An API key approves as the person who created it.

The last approval confirms the batch in the same transaction at the current quote: an expired quote is renewed there, and the confirmation goes through only if \`source_amount_total\` moved by at most the organization's \`requote_tolerance_percent\` (\`GET /organizations/me/settings\`); otherwise 409 \`review_outdated\` names the new total and the approvals given stand. Short funds (400 "funding balance is short") refuse the approval and record nothing.

Refusals, in this order: 409 when the batch is not awaiting confirmation; 409 \`invalid_state\` when no rule applies to it (confirm it) or its approval is already rejected or approved; 409 \`review_outdated\` when \`approval_digest\` is not the batch's (anything it binds changed: its approvals were cleared); 403 \`separate_confirmer_required\` for one of its \`makers\`; 409 \`already_approved\` (one person, one slot, across stages); 403 \`not_an_eligible_approver\` when the open stage needs another role or other people. Records \`batch.approval_recorded\` (and \`batch.confirmed\` with the last one).`,
  tags: ['Payouts'],
  entitlement: 'payouts',
  role: 'approver',
  params: batchParams,
  body: approveBatchBody,
  errors: [
    'batch_not_awaiting_confirmation',
    'invalid_state',
    'review_outdated',
    'separate_confirmer_required',
    'already_approved',
    'not_an_eligible_approver',
    'orders_invalid',
    'insufficient_balance',
  ],
  response: {
    status: 200,
    description: 'The batch (confirmed, when this was the last approval) and its orders',
    schema: batchWithOrdersSchema,
  },
});

export const rejectBatchOperation = defineOperation({
  id: 'rejectBatch',
  method: 'POST',
  path: '/api/v2/payouts/{batchId}/reject',
  summary: 'Reject a batch that waits for approval',
  description:
    'Any approver who is not one of its `makers` may reject it with a reason (`approval.rejection`); the batch stays `AWAITING_CONFIRMATION` until one of its makers re-quotes it (`POST …/quote`, which starts a fresh approval) or the draft expires. Records `batch.approval_rejected`. 409 when the batch is not awaiting confirmation; 409 `invalid_state` when no rule applies to it or its approval is no longer pending; 403 `separate_confirmer_required` for one of its makers (since 2.10.0: a maker discards the batch instead).',
  tags: ['Payouts'],
  entitlement: 'payouts',
  role: 'approver',
  params: batchParams,
  body: rejectBatchBody,
  errors: ['batch_not_awaiting_confirmation', 'invalid_state', 'separate_confirmer_required'],
  response: { status: 200, description: 'The batch and its orders', schema: batchWithOrdersSchema },
});

export const discardBatchOperation = defineOperation({
  id: 'discardBatch',
  method: 'POST',
  path: '/api/v2/payouts/{batchId}/cancel',
  summary: 'Discard a draft batch',
  description:
    'The batch and its orders become `CANCELLED_EXPIRED`; nothing was charged. 409 unless the batch is `AWAITING_CONFIRMATION` (cancel confirmed orders one by one with `POST /orders/{orderId}/cancel`).',
  tags: ['Payouts'],
  entitlement: 'payouts',
  params: batchParams,
  errors: ['batch_not_awaiting_confirmation'],
  response: { status: 200, description: 'The discarded batch', schema: batchWithOrdersSchema },
});

export const attachBatchSourceFileOperation = defineOperation({
  id: 'attachBatchSourceFile',
  method: 'POST',
  path: '/api/v2/payouts/{batchId}/source-file',
  summary: 'Keep the CSV a draft batch was imported from',
  description:
    'A `multipart/form-data` body with one part `file`: the CSV the batch was built from, kept with the batch as an audit record. UTF-8 text with a header row, recognised by its content (anything else is 415), at most 4 MiB (413), its SHA-256 computed while it is read. Once per batch, while it is `AWAITING_CONFIRMATION` (409 otherwise, and 409 for a second file). Answers the Batch with its `source_file`.',
  tags: ['Payouts'],
  entitlement: 'payouts',
  params: batchParams,
  bodyKind: 'multipart',
  files: { file: { description: 'The CSV, at most 4 MiB', contentTypes: ['text/csv'] } },
  heavy: { name: 'CSV source file uploads' },
  // The file's own limit (4 MiB) is enforced by the service; this leaves room for the multipart framing.
  maxBodyBytes: MAX_BATCH_SOURCE_FILE_BYTES + 64 * 1024,
  errors: ['batch_not_awaiting_confirmation', 'source_file_already_attached'],
  response: { status: 201, description: 'The batch with its source file', schema: batchSchema },
});

export const getBatchSourceFileOperation = defineOperation({
  id: 'getBatchSourceFile',
  method: 'GET',
  path: '/api/v2/payouts/{batchId}/source-file',
  summary: 'Download the CSV a batch was imported from',
  description:
    'The bytes as uploaded, as `text/csv` with `Content-Disposition: attachment` (the uploaded name) and `Repr-Digest: sha-256=:…:`. 404 when the batch has no source file.',
  tags: ['Payouts'],
  entitlement: 'payouts',
  params: batchParams,
  response: { kind: 'file', status: 200, description: 'The CSV', contentTypes: ['text/csv'] },
});

export const listOrdersOperation = defineOperation({
  id: 'listOrders',
  method: 'GET',
  path: '/api/v2/orders',
  summary: 'List orders',
  description: `Newest first (\`created_at\` descending, then \`id\`). Filters combine with each other and with pagination. ${CURSOR_PAGINATION}\n\n${LIFECYCLE}`,
  tags: ['Payouts'],
  entitlement: 'payouts',
  query: listOrdersQuery,
  response: { status: 200, description: 'A page of orders', schema: cursorListEnvelopeSchema(orderSchema) },
});

export const getOrderOperation = defineOperation({
  id: 'getOrder',
  method: 'GET',
  path: '/api/v2/orders/{orderId}',
  summary: 'An order',
  tags: ['Payouts'],
  entitlement: 'payouts',
  params: orderParams,
  response: { status: 200, description: 'The order', schema: orderSchema },
});

export const cancelOrderOperation = defineOperation({
  id: 'cancelOrder',
  method: 'POST',
  path: '/api/v2/orders/{orderId}/cancel',
  summary: 'Cancel an order awaiting deposit',
  description:
    'The order becomes `CANCELLED_EXPIRED` and its share of the hold returns to the available balance. 409 for any other status.',
  tags: ['Payouts'],
  entitlement: 'payouts',
  role: 'approver',
  params: orderParams,
  errors: ['invalid_state'],
  response: { status: 200, description: 'The cancelled order', schema: orderSchema },
});

export const getOrderReceiptOperation = defineOperation({
  id: 'getOrderReceipt',
  method: 'GET',
  path: '/api/v2/orders/{orderId}/receipt',
  summary: 'Proof of payment (PDF) of a completed order',
  description:
    'A PDF with the organization, sender, beneficiary (account masked), amount and currency, fee type, purpose, references, order and batch ids, the tracking reference and the completion time. 409 unless the order is `COMPLETED`. Served as `application/pdf` with `Content-Disposition: attachment` and a `Repr-Digest` (SHA-256).',
  tags: ['Payouts'],
  entitlement: 'payouts',
  params: orderParams,
  heavy: { name: 'receipts' },
  errors: ['invalid_state'],
  response: {
    kind: 'file',
    status: 200,
    description: 'The receipt',
    contentTypes: ['application/pdf'],
  },
});

export const ORDER_EXPORT_COLUMNS = [
  'order_id',
  'batch_id',
  'batch_client_reference',
  'client_reference',
  'status',
  'sender_profile_id',
  'beneficiary_profile_id',
  'beneficiary_amount',
  'beneficiary_currency',
  'fee_type',
  'fee_amount',
  'purpose_code',
  'source_currency',
  'source_amount',
  'failure_message',
  'expires_at',
  'tracking_reference',
  'created_at',
  'updated_at',
  // Appended in 2.5.0 (columns are only ever added at the end): the parties as an accountant reads them.
  'sender_name',
  'beneficiary_name',
  'sender_client_reference',
  'beneficiary_client_reference',
] as const;

export const exportOrdersOperation = defineOperation({
  id: 'exportOrders',
  method: 'GET',
  path: '/api/v2/orders/export',
  summary: 'Orders of a period as CSV',
  description: `One row per order created in [from, to), oldest first, streamed (any size). Stable columns: ${ORDER_EXPORT_COLUMNS.map((c) => `\`${c}\``).join(', ')}. New columns are only ever appended at the end, so read columns by their header name or position and ignore extra ones. Amounts are decimal strings exactly as in the API, timestamps ISO 8601 UTC, empty cells for nulls; RFC 4180 quoting.

${EXPORT_LIMITS('orders')} The file lists the orders of the period up to the newest one when the export started, each as it is when its part of the file is read (an order whose status changes during a long export shows the newer status; with \`status\`, one that leaves it before then is left out); for a period in the past it is exact.`,
  tags: ['Payouts'],
  entitlement: 'payouts',
  query: exportOrdersQuery,
  heavy: { name: 'order exports', export: true },
  response: { kind: 'file', status: 200, description: 'The CSV', contentTypes: ['text/csv'] },
});

export const getOrderSummaryOperation = defineOperation({
  id: 'getOrderSummary',
  method: 'GET',
  path: '/api/v2/orders/summary',
  summary: 'Totals of the orders of a period',
  description: `For the orders created in [from, to) (at most ${MAX_SUMMARY_DAYS} days, else 400 \`period_too_long\` with \`param\` \`to\`): \`volume\` sums the \`beneficiary_amount\` of \`COMPLETED\` orders per UTC calendar day of creation and currency (decimal strings, exact), oldest day first, days without completed orders left out; \`outcomes\` counts confirmed orders by outcome (a discarded draft is not an outcome).`,
  tags: ['Payouts'],
  entitlement: 'payouts',
  query: orderSummaryQuery,
  errors: ['period_too_long'],
  response: {
    status: 200,
    description: 'Volume per day and currency, and outcomes',
    schema: orderSummarySchema,
  },
});

export const STATEMENT_COLUMNS = [
  'created_at',
  'transaction_id',
  'type',
  'description',
  'reference_type',
  'reference_id',
  'available_change',
  'held_change',
  'available_balance',
  'held_balance',
] as const;

export const getFundingStatementOperation = defineOperation({
  id: 'getFundingStatement',
  method: 'GET',
  path: '/api/v2/funding/statement',
  summary: 'Statement of the USDT balance for a period (CSV)',
  description: `Like a bank statement: an \`opening\` row with the balances at \`from\`, every ledger movement in [from, to) oldest first with its effect and the running balances, and a \`closing\` row. Columns: ${STATEMENT_COLUMNS.map((c) => `\`${c}\``).join(', ')}. Amounts are USDT decimal strings, timestamps ISO 8601 UTC. Streamed.

${EXPORT_LIMITS('movements')} It lists the movements of the period up to the newest one when it started, and the closing balance is always the opening balance plus the movements listed.`,
  tags: ['Funding'],
  // A funding read: open to any entitled organization, like the balance it states (DESIGN "Audiences and roles").
  entitlement: 'any',
  query: statementQuery,
  heavy: { name: 'funding statements', export: true },
  response: { kind: 'file', status: 200, description: 'The statement', contentTypes: ['text/csv'] },
});

export const getApprovalPolicyOperation = defineOperation({
  id: 'getApprovalPolicy',
  method: 'GET',
  path: '/api/v2/organizations/me/approval-policy',
  summary: 'The approval policy (maker-checker) for confirming batches, withdrawals and new wallets',
  tags: ['Organizations'],
  response: { status: 200, description: 'The policy', schema: approvalPolicySchema },
});

export const updateApprovalPolicyOperation = defineOperation({
  id: 'updateApprovalPolicy',
  method: 'PATCH',
  path: '/api/v2/organizations/me/approval-policy',
  summary: 'Change the approval policy (admin)',
  description:
    'With `require_separate_confirmer` on, a batch whose `source_amount_total` reaches `threshold_usdt` (every batch when it is null) must be confirmed by a user or API key other than the one that created it. With `withdrawals_require_approval` on, each new withdrawal waits (`SUBMITTED`/`pending_approval`, the amount held, nothing sent to custody) until a signed-in approver other than the requester approves it (`POST /liquidity/management/withdrawals/{withdrawalId}/approve`). With `wallets_require_approval` on, each new address-book wallet is `PENDING_APPROVAL` until another signed-in approver approves it; its cooling-off period starts then. An API key counts as the person who created it. Turning a switch off does not release what already waits: approve or reject it. Omitted fields keep their value. A change that only tightens the policy applies at once (200). One that weakens it — a switch turned off, or the threshold raised (or set where every batch needed a second person) — waits like a change of an approval rule (202 with `pending_change_id`; a change that does both waits whole): another admin approves it (`POST /organizations/me/approval-rules/changes/{changeId}/approve`, or the stages of the rules on `approval_rules`), or in an organization with a single admin it applies by itself 72 hours later (`apply_after`) unless cancelled (`…/cancel`). Every approver is told; `approval_policy.updated` is recorded when it applies.',
  tags: ['Organizations'],
  role: 'admin',
  body: updateApprovalPolicyBody,
  response: { status: 200, description: 'The policy now in force', schema: approvalPolicySchema },
  otherResponses: [
    {
      status: 202,
      description: 'The change weakens the policy: it waits (the policy is unchanged until it applies)',
      schema: ruleChangeSchema,
    },
  ],
});

const SANDBOX_PATHS =
  'Sandbox paths, by the whole part of `beneficiary_amount` (any currency): ending in 666 → `FAILED` at the beneficiary’s bank ("The beneficiary\'s bank returned the payment: account closed"), the funds returned; ending in 777 → the funding never lands, `CANCELLED_EXPIRED` at `expires_at` (an advance makes the deadline pass now); ending in 555 → no automatic step (advance it); anything else → `COMPLETED`. Automatic steps every `SANDBOX_STEP_SECONDS` (default 3; 0 turns them off). A step racing an automatic one happens once. 404 in production.';

export const advanceSandboxOrderOperation = defineOperation({
  id: 'advanceSandboxOrder',
  method: 'POST',
  path: '/api/v2/sandbox/orders/{orderId}/advance',
  summary: 'Move an order to its next state now (sandbox only)',
  description: SANDBOX_PATHS,
  tags: ['Sandbox'],
  entitlement: 'payouts',
  role: 'approver',
  sandboxOnly: true,
  params: orderParams,
  errors: ['invalid_state'],
  response: { status: 200, description: 'The order after the step', schema: orderSchema },
});

export const advanceSandboxBatchOperation = defineOperation({
  id: 'advanceSandboxBatch',
  method: 'POST',
  path: '/api/v2/sandbox/payouts/{batchId}/advance',
  summary: 'Move every open order of a batch one step now (sandbox only)',
  description: SANDBOX_PATHS,
  tags: ['Sandbox'],
  entitlement: 'payouts',
  role: 'approver',
  sandboxOnly: true,
  params: batchParams,
  errors: ['invalid_state'],
  response: { status: 200, description: 'The batch after the step', schema: batchWithOrdersSchema },
});

export const payoutsOperations = [
  createBatchOperation,
  listBatchesOperation,
  getBatchOperation,
  listBatchOrdersOperation,
  requoteBatchOperation,
  confirmBatchOperation,
  approveBatchOperation,
  rejectBatchOperation,
  discardBatchOperation,
  attachBatchSourceFileOperation,
  getBatchSourceFileOperation,
  listOrdersOperation,
  exportOrdersOperation,
  getOrderSummaryOperation,
  getOrderOperation,
  cancelOrderOperation,
  getOrderReceiptOperation,
  getFundingStatementOperation,
  getApprovalPolicyOperation,
  updateApprovalPolicyOperation,
  advanceSandboxOrderOperation,
  advanceSandboxBatchOperation,
];
