// The approvals area's server API: the only file outside lib/approvals imports.

export {
  type ActionCaller,
  actionCaller,
  batchActions,
  type ObjectState,
  walletActions,
  withdrawalActions,
} from './actions';
export { approvalColumn } from './approval-column';
export { getApprovalPolicy, POLICY_STAGE } from './approval-policy';
export { ruleChangeForCaller } from './caller-actions';
export {
  approvalDigestChanged,
  approvalOf,
  approveByConfirm,
  openApproval,
  recordApproval,
  rejectApproval,
} from './engine';
export { listInbox } from './inbox';
export type { ApprovalSubject } from './match';
export { changeApprovalPolicy } from './policy-change';
export {
  approveRuleChange,
  cancelRuleChange,
  createRule,
  listRuleChanges,
  listRules,
  requestRuleChange,
} from './rules';
export { approvalsSweep } from './sweep';
