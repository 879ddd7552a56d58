// Owns the approvals sweep: a single admin's rule changes apply when their notice period is over.
import { defineSweep } from '@/lib/platform/sweeps/define-sweep';
import { applyDueRuleChanges } from './rules';

export const approvalsSweep = defineSweep({
  name: 'approvals.rule-changes',
  run: (tx, scope) => applyDueRuleChanges(tx, scope.orgId, scope.now),
});
