// Owns the declarations of custody run by the provider's operations (CUSTODY_ADAPTER=manual): an organization's deposit
// address per chain, and deposits recorded by one person and confirmed (credited) by another.
import { defineOperation } from '@/lib/platform/operations/operation';
import {
  chainAlertListQuery,
  chainAlertListSchema,
  chainAlertParams,
  chainAlertSchema,
  depositAddressParams,
  depositAddressSchema,
  enterDepositAddressBody,
  manualDepositListQuery,
  manualDepositListSchema,
  manualDepositParams,
  manualDepositSchema,
  recordManualDepositBody,
  rejectManualDepositBody,
  resolveChainAlertBody,
} from './support-schemas';

export const enterDepositAddressOperation = defineOperation({
  id: 'enterDepositAddress',
  method: 'PUT',
  path: '/api/v2/support/organizations/{orgId}/deposit-addresses/{chain}',
  summary: "Enter an organization's deposit address on a chain (operations, manual custody)",
  description:
    "With manual custody the provider's custodian holds the addresses; operations enter each organization's, validated by the chain's address format (422 otherwise). Set once: the same address again answers 200 and changes nothing; another address is refused (409 `invalid_state`) because deposits already name it. Custody that allocates addresses itself refuses it too. Audited (`funding_address.entered`).",
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  params: depositAddressParams,
  body: enterDepositAddressBody,
  errors: ['forbidden', 'chain_not_found', 'invalid_state'],
  response: { status: 200, description: 'The deposit address', schema: depositAddressSchema },
});

export const listManualDepositsOperation = defineOperation({
  id: 'listManualDeposits',
  method: 'GET',
  path: '/api/v2/support/deposits',
  summary: 'Deposits recorded by operations, newest first (operations)',
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  query: manualDepositListQuery,
  response: { status: 200, description: 'The deposits (at most 500)', schema: manualDepositListSchema },
});

export const recordManualDepositOperation = defineOperation({
  id: 'recordManualDeposit',
  method: 'POST',
  path: '/api/v2/support/deposits',
  summary: 'Record a deposit that reached custody (operations; credited once a second person confirms)',
  description:
    'Nothing is credited yet: another person with the operations role confirms it. Once per (chain, transaction hash): the same hash again is refused (409 `transaction_already_recorded`), whatever became of the first. The organization needs a deposit address on the chain (409 `deposit_address_missing`). Audited (`deposit.recorded`).',
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  body: recordManualDepositBody,
  errors: ['forbidden', 'chain_not_found', 'deposit_address_missing', 'transaction_already_recorded'],
  response: { status: 201, description: 'The recorded deposit', schema: manualDepositSchema },
});

export const confirmManualDepositOperation = defineOperation({
  id: 'confirmManualDeposit',
  method: 'POST',
  path: '/api/v2/support/deposits/{depositId}/confirm',
  summary: 'Confirm a recorded deposit: the organization is credited (operations, four eyes)',
  description:
    'Credits the available balance through the funding service (the balanced ledger movement and the public `funding.deposit_credited` event). Someone other than the recorder confirms (403 `second_person_required`); only a `recorded` deposit (409 `invalid_state`).',
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  params: manualDepositParams,
  errors: ['forbidden', 'second_person_required', 'invalid_state'],
  response: { status: 200, description: 'The confirmed deposit', schema: manualDepositSchema },
});

export const rejectManualDepositOperation = defineOperation({
  id: 'rejectManualDeposit',
  method: 'POST',
  path: '/api/v2/support/deposits/{depositId}/reject',
  summary: 'Reject a recorded deposit with a reason (operations)',
  description:
    'Nothing is credited. Anyone with the operations role may reject, the recorder included (withdrawing a mistake needs no second person: it moves no money). Only a `recorded` deposit (409 `invalid_state`); its hash stays used. Audited (`deposit.rejected`).',
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  params: manualDepositParams,
  body: rejectManualDepositBody,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 200, description: 'The rejected deposit', schema: manualDepositSchema },
});

export const listChainAlertsOperation = defineOperation({
  id: 'listChainAlerts',
  method: 'GET',
  path: '/api/v2/support/chain-alerts',
  summary: 'What the chain watcher could not settle alone, newest first (operations; CUSTODY_ADAPTER=evm)',
  description:
    'A credited deposit that vanished in a reorganisation deeper than the confirmations (its credit stands until operations decide), and withdrawals whose recorded transaction failed or did not pay the wallet the amount (`needs_review`). At most 500; empty with other custody.',
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  query: chainAlertListQuery,
  response: { status: 200, description: 'The alerts (at most 500)', schema: chainAlertListSchema },
});

export const resolveChainAlertOperation = defineOperation({
  id: 'resolveChainAlert',
  method: 'POST',
  path: '/api/v2/support/chain-alerts/{alertId}/resolve',
  summary: 'Settle a credited deposit that vanished in a reorganisation (operations; CUSTODY_ADAPTER=evm)',
  description:
    "For an open `credited_deposit_vanished` alert, with a note. `reinstated`: the node must show the transaction again, successful, paying the deposit's address the same amount, with the required confirmations (409 `invalid_state` otherwise, naming what it found); the deposit moves to its new block. `written_off`: the provider bears the loss; the client's credit stands and nothing moves on the ledger. Recovering the USDT from the client is not done here: it would be a ledger adjustment of its own, decided by two people. A `withdrawal_mismatch` alert is settled by the withdrawal's review (409 `invalid_state`); an alert already settled → 409 `invalid_state`. Audited (`chain_alert.resolved`); the alert keeps who, when and why.",
  tags: ['Custody'],
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  params: chainAlertParams,
  body: resolveChainAlertBody,
  errors: ['forbidden', 'not_found', 'invalid_state'],
  response: { status: 200, description: 'The settled alert', schema: chainAlertSchema },
});

export const fundingSupportOperations = [
  enterDepositAddressOperation,
  listManualDepositsOperation,
  recordManualDepositOperation,
  confirmManualDepositOperation,
  rejectManualDepositOperation,
  listChainAlertsOperation,
  resolveChainAlertOperation,
];
