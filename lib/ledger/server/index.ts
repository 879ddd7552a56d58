// Owns the ledger area's server API: the only server file of the ledger that route files, other areas and the
// aggregators import. Files inside lib/ledger/server import each other directly, never through this one, so it stays
// off their import cycles.
export { ensureOrgAccounts, lockOrgFunds, systemAccount } from './accounts';
export { getBalance } from './balances';
export { InsufficientFundsError, postTransaction } from './post-transaction';
