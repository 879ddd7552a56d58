// Owns the payouts area's server API: the only server file of payouts that route files, other areas and the
// composition root import. Files inside lib/payouts/server import each other directly, never through this one.

export { approveBatch, rejectBatch } from './approve-batch';
export { forCaller } from './batch-actions';
export { confirmBatch } from './confirm-batch';
export { createBatch, ordersRefused } from './create-batch';
export { getPayoutsDesk, markOrdersSent, readDeskPayee, recordPayoutOutcome } from './desk';
export { exportOrdersCsv } from './export';
export {
  advanceBatch,
  advanceOrder,
  cancelOrder,
  discardBatch,
  payoutsExpirySweep,
  runSandboxStep,
} from './lifecycle';
export { type DRAFT_CHANGES, notAwaitingConfirmation } from './locks';
export { batchMakerUserIds } from './makers';
export { outdateDraftsOf } from './party-changes';
export {
  buildPaymentFile,
  cancelPaymentFile,
  downloadPaymentFile,
  listPaymentFiles,
  markPaymentFileSent,
} from './payment-files/files';
export { applyPaymentReport, getPaymentReport } from './payment-files/reports';
export { createPayoutAccount, listPayoutAccounts } from './payout-accounts';
export { getBatchWithOrders, getOrder, listBatches, listBatchOrders, listOrders } from './read';
export { orderReceipt } from './receipt';
export { requoteBatch } from './requote';
export { diffReview, type ReviewedOrder, reviewOutdated } from './review-digest';
export { type DemoActor, seedPayouts } from './seed';
export { attachSourceFile, getSourceFileContent } from './source-file';
export { orderSummary } from './summary';
export { payoutsExpireFundingTask, payoutsFundFromCustodyTask, payoutsSandboxStepTask } from './tasks';
