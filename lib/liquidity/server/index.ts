// Owns the liquidity area's server API: the only server file of liquidity that route files, other areas and the
// aggregators (task list, seed, sandbox bootstrap) import. Files inside lib/liquidity/server import each other
// directly, never through this one, so it stays off their import cycles.

export { walletsForCaller, withdrawalsForCaller } from './approval-actions';
export {
  getBackOffice,
  staffAttachProof,
  staffCreateLoan,
  staffCreateRoute,
  staffRecordRepayment,
  staffRecordUtilization,
  staffUpdateRoute,
} from './back-office';
export { signedInUserOf } from './common';
export { listLoanRepayments, listLoans } from './loans';
export { listBatchProofs, listRouteProofs, readProofContent } from './proofs';
export { listChains, listCorridors } from './reference-data';
export { listSettlementRoutes } from './routes';
export { generateBootstrapLiquidity } from './sandbox-bootstrap';
export { seedLiquidity } from './seed';
export { listUtilizationProofs } from './utilization';
export { addWallet, approveWallet, listWallets, rejectWallet, removeWallet } from './wallets';
export { approveWithdrawal, rejectWithdrawal } from './withdrawal-approval';
export {
  listWithdrawalsAwaitingExecution,
  listWithdrawalsNeedingReview,
  recordWithdrawalExecution,
  reviewWithdrawal,
} from './withdrawal-execution';
export { advanceSandboxWithdrawal } from './withdrawal-progress';
export { proveWithdrawalsOnChain, proveWithdrawalsTask } from './withdrawal-proof';
export { withdrawalStepTask } from './withdrawal-step-task';
export { createWithdrawal, getWithdrawal, listWithdrawals } from './withdrawals';
