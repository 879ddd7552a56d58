// Owns the funding area's server API: the only server file of funding that route files, other areas and the
// aggregators (seed, sandbox bootstrap) import. Files inside lib/funding/server import each other directly, never
// through this one, so it stays off their import cycles.
export {
  deriveFundingAddress,
  findFundingAddress,
  listFundingAddresses,
  preparingFundingChains,
  toWireFundingAddress,
  toWirePreparingChain,
} from './addresses';
export { getBalanceHistory } from './balance-history';
export { listChainAlerts, resolveVanishedDeposit } from './chain-alerts';
export { listChainDeposits } from './chain-deposits';
export { raiseAlert as raiseChainAlert, resolveChainAlert, watchChainOnce } from './chain-watcher';
export { creditDeposit } from './deposits';
export {
  confirmManualDeposit,
  enterDepositAddress,
  listManualDeposits,
  recordManualDeposit,
  rejectManualDeposit,
} from './manual-deposits';
export { seedDeposits } from './seed';
export { fundingStatementCsv } from './statement';
export { listFundingTransactions } from './transactions';
export { watchChainTask } from './watch-chain-task';
