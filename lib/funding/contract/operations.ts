// Owns the declarations of the funding operations (payouts area): addresses, balance, ledger movements, sandbox deposits.

import {
  balanceHistoryQuery,
  balanceHistorySchema,
  balanceSchema,
  chainDepositSchema,
  chainDepositsQuery,
  createSandboxDepositBody,
  depositSchema,
  fundingAddressListSchema,
  fundingAddressSchema,
  fundingTransactionSchema,
  fundingTransactionsQuery,
} from '@/lib/funding/contract/schemas';
import { defineOperation } from '@/lib/platform/operations/operation';
import { CURSOR_PAGINATION, cursorListEnvelopeSchema } from '@/lib/platform/pagination';

/**
 * DESIGN "Audiences and roles": funding reads are open to any entitled organization, since withdrawals spend the
 * same balance as payouts. Moving money in (the sandbox deposit) stays with payouts.
 */
const READS = 'any' as const;

export const listFundingAddressesOperation = defineOperation({
  id: 'listFundingAddresses',
  method: 'GET',
  path: '/api/v2/funding/addresses',
  summary: "The organization's USDT funding address on each supported chain",
  description:
    'Reads only. With EVM custody an organization gets its address when it is opened; one opened before EVM custody was switched on has it derived by a background job shortly after, and until then the chain is listed in `preparing` instead of `items`.',
  tags: ['Funding'],
  entitlement: READS,
  response: { status: 200, description: 'One address per active chain', schema: fundingAddressListSchema },
});

export const getFundingAddressOperation = defineOperation({
  id: 'getFundingAddress',
  method: 'GET',
  path: '/api/v2/funding/address',
  summary: 'The TRON funding address (deprecated: use listFundingAddressesOperation)',
  description:
    'Deprecated. Returns only the TRON address; responses carry `Deprecation`, `Sunset` and `Link` headers. Use `GET /api/v2/funding/addresses`.',
  tags: ['Funding'],
  entitlement: READS,
  deprecated: {
    sunset: new Date('2027-03-31T00:00:00Z'),
    replacement: 'GET /api/v2/funding/addresses',
  },
  errors: ['unknown_chain'],
  response: { status: 200, description: 'The TRON funding address', schema: fundingAddressSchema },
});

export const getFundingBalanceOperation = defineOperation({
  id: 'getFundingBalance',
  method: 'GET',
  path: '/api/v2/funding/balance',
  summary: 'Available, held and total USDT',
  tags: ['Funding'],
  entitlement: READS,
  response: { status: 200, description: 'The balance', schema: balanceSchema },
});

export const getFundingBalanceHistoryOperation = defineOperation({
  id: 'getFundingBalanceHistory',
  method: 'GET',
  path: '/api/v2/funding/balance/history',
  summary: 'Available and held USDT at the end of each day',
  description:
    "One item per UTC day, oldest first, ending today (today's item is the live balance). Computed from the ledger.",
  tags: ['Funding'],
  entitlement: READS,
  query: balanceHistoryQuery,
  response: { status: 200, description: 'Daily closing balances', schema: balanceHistorySchema },
});

export const listFundingTransactionsOperation = defineOperation({
  id: 'listFundingTransactions',
  method: 'GET',
  path: '/api/v2/funding/transactions',
  summary: 'Ledger movements of the funding balance',
  description: `Newest first (\`created_at\` descending, then \`id\` descending). Filters combine with pagination and with each other. Only movements of the organization's own money are listed (each changes \`available\` or \`held\`): a payout leaving settlement for the rail (\`payout_paid\`) is the provider's book-keeping and is told by \`order.completed\`. ${CURSOR_PAGINATION}`,
  tags: ['Funding'],
  entitlement: READS,
  query: fundingTransactionsQuery,
  response: {
    status: 200,
    description: 'A page of movements',
    schema: cursorListEnvelopeSchema(fundingTransactionSchema),
  },
});

export const listChainDepositsOperation = defineOperation({
  id: 'listChainDeposits',
  method: 'GET',
  path: '/api/v2/funding/deposits',
  summary: 'USDT transfers to the funding address seen on chain, with their confirmations',
  description: `With custody watching a chain (\`CUSTODY_ADAPTER=evm\`): every transfer of the deployment's USDT token to the organization's funding address, newest first (\`detected_at\` descending, then \`id\`). A transfer is \`pending\` from its first block with \`confirmations\` of \`required_confirmations\`, \`credited\` once (when it has them: \`funding.deposit_credited\`, and \`deposit_id\` names the credit), or \`reorged\` when the block that held it was replaced before that (nothing credited). Other custody setups list nothing here. ${CURSOR_PAGINATION}`,
  tags: ['Funding'],
  entitlement: READS,
  query: chainDepositsQuery,
  response: {
    status: 200,
    description: 'A page of on-chain deposits',
    schema: cursorListEnvelopeSchema(chainDepositSchema),
  },
});

export const createSandboxDepositOperation = defineOperation({
  id: 'createSandboxDeposit',
  method: 'POST',
  path: '/api/v2/sandbox/deposits',
  summary: 'Simulate an incoming USDT deposit (sandbox only)',
  description:
    "Credits the available balance at once, as if USDT had arrived at the funding address on `chain`. Not served in production (404). Send an `Idempotency-Key` so a retry never credits twice. With `CUSTODY_ADAPTER=manual` nothing is simulated (409 `invalid_state`): the provider's operations record deposits.",
  tags: ['Sandbox'],
  entitlement: 'payouts',
  role: 'approver',
  sandboxOnly: true,
  body: createSandboxDepositBody,
  errors: ['unknown_chain', 'invalid_state'],
  response: { status: 201, description: 'The credited deposit', schema: depositSchema },
});

export const fundingOperations = [
  listFundingAddressesOperation,
  getFundingAddressOperation,
  getFundingBalanceOperation,
  getFundingBalanceHistoryOperation,
  listFundingTransactionsOperation,
  listChainDepositsOperation,
  createSandboxDepositOperation,
];
