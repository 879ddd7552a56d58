// Owns the declarations of the liquidity operations (liquidity envelope): withdrawals, the address book, chains,
// corridors, loans, settlement routes, proofs of settlement and utilization proofs; and the sandbox withdrawal advance.
import { z } from 'zod';
import { defineOperation } from '@/lib/platform/operations/operation';
import {
  CURSOR_PAGINATION,
  cursorListEnvelopeSchema,
  listEnvelopeSchema,
  paginationQuery,
} from '@/lib/platform/pagination';
import {
  batchProofsParams,
  chainSchema,
  corridorSchema,
  corridorsQuery,
  createWalletBody,
  createWithdrawalBody,
  loanRepaymentSchema,
  loanRepaymentsQuery,
  loanSchema,
  loansQuery,
  proofIdParams,
  proofOfSettlementSchema,
  rejectWalletBody,
  rejectWithdrawalBody,
  routeIdParams,
  routesQuery,
  settlementRouteSchema,
  utilizationProofSchema,
  utilizationProofsQuery,
  walletIdParams,
  walletSchema,
  walletsQuery,
  withdrawalIdParams,
  withdrawalSchema,
  withdrawalsQuery,
} from './schemas';

const MANAGEMENT = ['Liquidity management'];
const UTILIZATION = ['Liquidity utilization'];

export const listWithdrawalsOperation = defineOperation({
  id: 'listWithdrawals',
  method: 'GET',
  path: '/api/v2/liquidity/management/withdrawals',
  summary: 'Withdrawals of the organization',
  description:
    'Newest first: `created_at` descending; of two withdrawals accepted in the same millisecond, the one accepted ' +
    'later comes first (withdrawals are numbered as they are accepted, under the organization’s funding lock). Filters ' +
    '`status` and `chainId` combine with each other and with pagination; `meta.total` counts the filtered withdrawals. ' +
    'A page past the end has no items. Any page costs the same: totals and page starts come from counters. ' +
    CURSOR_PAGINATION,
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  query: withdrawalsQuery,
  response: {
    status: 200,
    description: 'A page of withdrawals',
    schema: cursorListEnvelopeSchema(withdrawalSchema),
  },
});

export const createWithdrawalOperation = defineOperation({
  id: 'createWithdrawal',
  method: 'POST',
  path: '/api/v2/liquidity/management/withdrawals',
  summary: 'Withdraw USDT to an address-book wallet',
  description:
    'Approvers only. The amount (up to 6 decimals) is held from the available balance at once and the withdrawal ' +
    'starts `SUBMITTED`; the custody provider then moves it to `PROCESSING` and `COMPLETED` (or `FAILED`, releasing ' +
    'the hold). Under the approval policy’s `withdrawals_require_approval` it starts `SUBMITTED`/`pending_approval` ' +
    'instead: held, nothing sent to custody, until a signed-in approver other than the requester approves it ' +
    '(approveWithdrawal) or someone rejects it (rejectWithdrawal); `requested_by` names who asked (an API key counts ' +
    'as the user who created it). Refusals, nothing stored: 400 `wallet_not_found` (unknown or removed wallet), ' +
    '`wallet_pending_approval` (the wallet waits for approval), `wallet_cooling_off` (added less than 24 hours ago; no ' +
    'cooling-off in the sandbox), `amount_below_minimum` (below the chain’s `min_withdrawal_amount`, see listChains; ' +
    '1.00 USDT unless the chain says otherwise), `insufficient_balance` (`param` = `amount`); 422 for a malformed ' +
    'amount or wallet_id. Send an `Idempotency-Key`. Sandbox: an amount whose whole part ends in 666 fails at ' +
    'broadcast (`broadcast_failed`); one ending in 555 takes no automatic step (use the sandbox advance).',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  role: 'approver',
  body: createWithdrawalBody,
  errors: [
    'insufficient_balance',
    'wallet_not_found',
    'wallet_cooling_off',
    'wallet_pending_approval',
    'chain_disabled',
    'amount_below_minimum',
  ],
  response: { status: 201, description: 'The new withdrawal (SUBMITTED)', schema: withdrawalSchema },
});

export const getWithdrawalOperation = defineOperation({
  id: 'getWithdrawal',
  method: 'GET',
  path: '/api/v2/liquidity/management/withdrawals/{withdrawalId}',
  summary: 'One withdrawal',
  description: 'Another organization’s withdrawal, or an id that is not a UUID, is 404 `resource_not_found`.',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  params: withdrawalIdParams,
  response: { status: 200, description: 'The withdrawal', schema: withdrawalSchema },
});

const FOUR_EYES_AUDIENCE =
  'A signed-in approver only: API keys get 404, as for every session-only operation, so a credential that can ' +
  'request a withdrawal can never be the second pair of eyes.';

export const approveWithdrawalOperation = defineOperation({
  id: 'approveWithdrawal',
  method: 'POST',
  path: '/api/v2/liquidity/management/withdrawals/{withdrawalId}/approve',
  summary: 'Approve a withdrawal that waits for a second approver',
  description:
    `${FOUR_EYES_AUDIENCE} Records \`approved_by\` and sends the withdrawal on as any other (` +
    '`SUBMITTED`/`awaiting_approval` → custody); records `withdrawal.approved`. Refusals, in this order: 409 ' +
    '`invalid_state` when it is not `pending_approval`; 403 `separate_approver_required` for the person who asked ' +
    '(an API key counts as the user who created it); 400 `wallet_not_found`/`chain_disabled` (`param` = `wallet_id`) ' +
    'when its wallet was removed or its chain disabled meanwhile (reject it instead).',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  role: 'approver',
  session: true,
  params: withdrawalIdParams,
  errors: [
    'invalid_state',
    'separate_approver_required',
    'wallet_not_found',
    'chain_disabled',
    'already_approved',
    'not_an_eligible_approver',
  ],
  response: {
    status: 200,
    description:
      'The withdrawal: still `pending_approval` with the slot filled in `approval` (records `withdrawal.approval_recorded`), or, with the last required approval, sent on (`withdrawal.approved`). Since 2.10.0 the approval rules decide how many approvals and from whom (409 `already_approved`: one person fills one slot; 403 `not_an_eligible_approver`: the open stage needs someone else).',
    schema: withdrawalSchema,
  },
});

export const rejectWithdrawalOperation = defineOperation({
  id: 'rejectWithdrawal',
  method: 'POST',
  path: '/api/v2/liquidity/management/withdrawals/{withdrawalId}/reject',
  summary: 'Reject (or, as its requester, cancel) a withdrawal that waits for a second approver',
  description:
    `${FOUR_EYES_AUDIENCE} The requester may reject their own (a cancel). The withdrawal ends \`FAILED\`/` +
    '`rejected` with `failure_reason` "Rejected: <reason>"; the held amount is available again at once (one ledger ' +
    'transaction); `withdrawal.rejected` then `withdrawal.failed` are recorded. 409 `invalid_state` when it is not ' +
    '`pending_approval`.',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  role: 'approver',
  session: true,
  params: withdrawalIdParams,
  body: rejectWithdrawalBody,
  errors: ['invalid_state'],
  response: { status: 200, description: 'The rejected withdrawal (FAILED)', schema: withdrawalSchema },
});

export const approveWalletOperation = defineOperation({
  id: 'approveWallet',
  method: 'POST',
  path: '/api/v2/liquidity/management/wallets/{walletId}/approve',
  summary: 'Approve a new address-book wallet that waits for a second approver',
  description:
    `${FOUR_EYES_AUDIENCE} A \`PENDING_APPROVAL\` wallet becomes usable after its cooling-off period, which starts ` +
    'now (24 hours in production, none in the sandbox); records `wallet.approved`. 409 `invalid_state` when it is ' +
    'not pending; 403 `separate_approver_required` for the person who added it (an API key counts as the user who ' +
    'created it); 404 when it is not in the book. To refuse a pending wallet, reject it (rejectWallet).',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  role: 'approver',
  session: true,
  params: walletIdParams,
  errors: ['invalid_state', 'separate_approver_required'],
  response: { status: 200, description: 'The approved wallet', schema: walletSchema },
});

export const rejectWalletOperation = defineOperation({
  id: 'rejectWallet',
  method: 'POST',
  path: '/api/v2/liquidity/management/wallets/{walletId}/reject',
  summary: 'Reject a new address-book wallet that waits for approval',
  description:
    `${FOUR_EYES_AUDIENCE} The wallet's \`approval\` records the rejection with its \`reason\` and who gave it, and the ` +
    'address leaves the book (`REMOVED`): it is never usable, and adding it again asks for approval afresh. Records ' +
    '`wallet.approval_rejected`. 409 `invalid_state` when it is not pending; 403 `separate_approver_required` for the ' +
    'person who added it (an API key counts as the user who created it); 404 when it is not in the book.',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  role: 'approver',
  session: true,
  params: walletIdParams,
  body: rejectWalletBody,
  errors: ['invalid_state', 'separate_approver_required'],
  response: { status: 200, description: 'The rejected wallet', schema: walletSchema },
});

export const listWalletsOperation = defineOperation({
  id: 'listWallets',
  method: 'GET',
  path: '/api/v2/liquidity/management/wallets',
  summary: 'The address book: wallets withdrawals may go to',
  description: 'Newest first (`created_at`, then `id`, descending); removed wallets are not listed.',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  query: walletsQuery,
  response: { status: 200, description: 'A page of wallets', schema: listEnvelopeSchema(walletSchema) },
});

export const createWalletOperation = defineOperation({
  id: 'createWallet',
  method: 'POST',
  path: '/api/v2/liquidity/management/wallets',
  summary: 'Add an address to the address book',
  description:
    'Approvers only. The address is validated for the chain: TRON base58check (`T…`, checksum verified), EVM `0x` + ' +
    '40 hex digits with a valid EIP-55 checksum when mixed case (stored in checksum case). A new address can be used ' +
    'for withdrawals after a 24-hour cooling-off period in production (none in the sandbox), so a compromised account ' +
    'cannot add an address and drain to it at once; every change is recorded as an event (`wallet.added`, ' +
    '`wallet.approved`, `wallet.removed`). Under the approval policy’s `wallets_require_approval` the wallet is ' +
    '`PENDING_APPROVAL` until another signed-in approver approves it (approveWallet), and its cooling-off starts ' +
    'then. 400 `chain_not_found`/`chain_disabled`; 409 `wallet_exists`; 422 for a bad address.',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  role: 'approver',
  body: createWalletBody,
  errors: ['chain_not_found', 'chain_disabled', 'wallet_exists'],
  response: { status: 201, description: 'The wallet', schema: walletSchema },
});

export const deleteWalletOperation = defineOperation({
  id: 'deleteWallet',
  method: 'DELETE',
  path: '/api/v2/liquidity/management/wallets/{walletId}',
  summary: 'Remove an address from the address book',
  description:
    'Approvers only. Withdrawals already made to it keep it; new ones are refused. Adding the address again starts a ' +
    'new cooling-off period.',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  role: 'approver',
  params: walletIdParams,
  response: { status: 200, description: 'The removed wallet (status REMOVED)', schema: walletSchema },
});

export const listChainsOperation = defineOperation({
  id: 'listChains',
  method: 'GET',
  path: '/api/v2/liquidity/management/chains',
  summary: 'Chains USDT moves on',
  description:
    'By name. A `DISABLED` chain takes no new wallets or withdrawals. `min_withdrawal_amount` is the smallest ' +
    'withdrawal on the chain (default 1.00 USDT); a smaller one is refused with 400 `amount_below_minimum`.',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  query: paginationQuery,
  response: { status: 200, description: 'A page of chains', schema: listEnvelopeSchema(chainSchema) },
});

export const listCorridorsOperation = defineOperation({
  id: 'listCorridors',
  method: 'GET',
  path: '/api/v2/liquidity/management/corridors',
  summary: 'Payout corridors and their limits',
  description:
    'The corridors quotes use: by currency, then newest first. `min_amount`/`max_amount` limit `beneficiary_amount` ' +
    'in the corridor’s currency. Filters `status`, `currency`. Open to every organization (quotes need the limits).',
  tags: MANAGEMENT,
  query: corridorsQuery,
  response: { status: 200, description: 'A page of corridors', schema: listEnvelopeSchema(corridorSchema) },
});

export const listLoansOperation = defineOperation({
  id: 'listLoans',
  method: 'GET',
  path: '/api/v2/liquidity/management/loans',
  summary: 'Liquidity loans extended to the organization',
  description:
    'Newest first. Statuses: `PENDING` (agreed, not drawn), `ACTIVE`, `OVERDUE` (past `due_on` with an outstanding ' +
    'amount), `REPAID`, `CANCELLED`. Filter `status`.',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  query: loansQuery,
  response: { status: 200, description: 'A page of loans', schema: listEnvelopeSchema(loanSchema) },
});

export const listLoanRepaymentsOperation = defineOperation({
  id: 'listLoanRepayments',
  method: 'GET',
  path: '/api/v2/liquidity/management/loan-repayments',
  summary: 'Repayments of the organization’s loans',
  description: 'Most recent payment first (`paid_at`, then `id`, descending). Filter `loan_id`.',
  tags: MANAGEMENT,
  entitlement: 'liquidity_management',
  query: loanRepaymentsQuery,
  response: {
    status: 200,
    description: 'A page of repayments',
    schema: listEnvelopeSchema(loanRepaymentSchema),
  },
});

export const listSettlementRoutesOperation = defineOperation({
  id: 'listSettlementRoutes',
  method: 'GET',
  path: '/api/v2/liquidity/utilization/routes',
  summary: 'Settlement routes of the organization',
  description: 'Newest first. Filters `corridor_id`, `status`.',
  tags: UTILIZATION,
  entitlement: 'liquidity_utilization',
  query: routesQuery,
  response: {
    status: 200,
    description: 'A page of routes',
    schema: listEnvelopeSchema(settlementRouteSchema),
  },
});

export const listRouteProofsOperation = defineOperation({
  id: 'listRouteProofsOfSettlement',
  method: 'GET',
  path: '/api/v2/liquidity/utilization/proof-of-settlement/route/{routeId}',
  summary: 'All proof-of-settlement documents of one route',
  description:
    'A JSON array, most recent settlement first. Each `url` downloads the file from this server (authenticated like ' +
    'any call); its bytes have `file_size` and `hash_sha256`. An unknown route, another organization’s, or a ' +
    '`routeId` that is not a UUID: 404 `validation_error`/`resource_not_found`.',
  tags: UTILIZATION,
  entitlement: 'liquidity_utilization',
  params: routeIdParams,
  response: { status: 200, description: 'The route’s proofs', schema: z.array(proofOfSettlementSchema) },
});

export const listBatchProofsOperation = defineOperation({
  id: 'listBatchProofsOfSettlement',
  method: 'GET',
  path: '/api/v2/liquidity/utilization/proof-of-settlement/batch/{batchId}',
  summary: 'The proof-of-settlement documents that name one payout batch',
  description:
    'A JSON array, most recent settlement first, shaped like a route’s proofs: the documents staff attached naming ' +
    'this batch (`batch_id`), each with its `transaction_hash` when there is one. A batch with none, or not the ' +
    'organization’s, answers an empty array.',
  tags: UTILIZATION,
  entitlement: 'liquidity_utilization',
  params: batchProofsParams,
  response: { status: 200, description: 'The batch’s proofs', schema: z.array(proofOfSettlementSchema) },
});

export const getProofContentOperation = defineOperation({
  id: 'getProofOfSettlementContent',
  method: 'GET',
  path: '/api/v2/liquidity/utilization/proof-of-settlement/{proofId}/content',
  summary: 'Download a proof-of-settlement file (its `url`)',
  description:
    'The file’s bytes with its `Content-Type`, `Content-Disposition: attachment` with the file name, `Content-Length` ' +
    'and `Repr-Digest: sha-256=:…:` (the same SHA-256 as `hash_sha256`, base64).',
  tags: UTILIZATION,
  entitlement: 'liquidity_utilization',
  params: proofIdParams,
  response: {
    kind: 'file',
    status: 200,
    description: 'The file',
    contentTypes: ['application/pdf', 'image/png', 'image/jpeg'],
  },
});

export const listUtilizationProofsOperation = defineOperation({
  id: 'listUtilizationProofs',
  method: 'GET',
  path: '/api/v2/liquidity/utilization/proofs',
  summary: 'Utilization proof records of the organization',
  description:
    'A JSON array, newest first (`created_at`, then `id`, descending). Without `limit` and `page` every record is ' +
    'returned; with either, that page (limit default 50, 1–100) — still a bare array, never the list envelope. ' +
    '`amount` is a JSON number in `currency`.',
  tags: UTILIZATION,
  entitlement: 'liquidity_utilization',
  query: utilizationProofsQuery,
  response: { status: 200, description: 'The records', schema: z.array(utilizationProofSchema) },
});

export const advanceSandboxWithdrawalOperation = defineOperation({
  id: 'advanceSandboxWithdrawal',
  method: 'POST',
  path: '/api/v2/sandbox/withdrawals/{withdrawalId}/advance',
  summary: 'Move a withdrawal to its next custody step now (sandbox only)',
  description:
    'awaiting_approval → signing → broadcasting → confirming → COMPLETED (or FAILED `broadcast_failed` for a 666 ' +
    'amount). Works for any open withdrawal; the only way to move one whose amount ends in 555. 409 when it is already ' +
    'final, or still `pending_approval` (the sandbox never skips the second approver). A step racing an automatic one happens once. Not served in production (404).',
  tags: ['Sandbox'],
  entitlement: 'liquidity_management',
  role: 'approver',
  sandboxOnly: true,
  params: withdrawalIdParams,
  errors: ['invalid_state'],
  response: { status: 200, description: 'The withdrawal after the step', schema: withdrawalSchema },
});

export const liquidityOperations = [
  listWithdrawalsOperation,
  createWithdrawalOperation,
  getWithdrawalOperation,
  approveWithdrawalOperation,
  rejectWithdrawalOperation,
  listWalletsOperation,
  createWalletOperation,
  approveWalletOperation,
  rejectWalletOperation,
  deleteWalletOperation,
  listChainsOperation,
  listCorridorsOperation,
  listLoansOperation,
  listLoanRepaymentsOperation,
  listSettlementRoutesOperation,
  listRouteProofsOperation,
  listBatchProofsOperation,
  getProofContentOperation,
  listUtilizationProofsOperation,
  advanceSandboxWithdrawalOperation,
];
