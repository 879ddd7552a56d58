// Owns the declarations of the approvals operations: the rules and their waiting changes.

import { defineOperation } from '@/lib/platform/operations/operation';
import { CURSOR_PAGINATION, cursorListEnvelopeSchema } from '@/lib/platform/pagination';
import {
  approvalRuleBody,
  approvalRuleListSchema,
  approvalRuleParams,
  approvalRuleSchema,
  inboxItemSchema,
  inboxQuery,
  ruleChangeParams,
  ruleChangeSchema,
  ruleChangesQuery,
  updateApprovalRuleBody,
} from './schemas';

const TAGS = ['Approvals'];
const WAITS =
  'The change waits (202): another admin approves it (`POST /organizations/me/approval-rules/changes/{changeId}/approve`), or the stages of the rules on `approval_rules` when there are any; in an organization with a single admin it applies by itself 72 hours later (`apply_after`) unless cancelled. Objects already waiting for approval keep the stages they were given. `approval_rules.updated` is recorded when it applies.';

export const listApprovalRulesOperation = defineOperation({
  id: 'listApprovalRules',
  method: 'GET',
  path: '/api/v2/organizations/me/approval-rules',
  summary: "The organization's approval rules",
  description:
    'Every rule, oldest first. An object (batch, withdrawal, wallet, rule change) that rules match when it goes to approval must satisfy every one of them: their stages are copied onto it, in this order. Rules carried over from the approval policy have `from_approval_policy`.',
  tags: TAGS,
  response: { status: 200, description: 'The rules', schema: approvalRuleListSchema },
});

export const createApprovalRuleOperation = defineOperation({
  id: 'createApprovalRule',
  method: 'POST',
  path: '/api/v2/organizations/me/approval-rules',
  summary: 'Create an approval rule (admin)',
  description:
    'Applies at once to objects that go to approval from now on. Conditions (all must match; none: every object of its kind): `amount_usdt_gte`, `amount_usdt_lt` (batches and withdrawals), `currencies`, `countries`, `sources`, `first_payment_to_beneficiary`, `details_changed_within_days` (batches: a paid beneficiary’s identity or bank details changed within that many days before the batch went to approval). Each stage needs `required` approvals from a `role` or from named `user_ids` (approvers or admins of the organization; 400 otherwise). Makers never approve; one person fills one slot across all stages. Records the public event `approval_rules.updated`.',
  tags: TAGS,
  role: 'admin',
  body: approvalRuleBody,
  errors: ['stage_approver_not_eligible'],
  response: { status: 201, description: 'The rule', schema: approvalRuleSchema },
});

export const updateApprovalRuleOperation = defineOperation({
  id: 'updateApprovalRule',
  method: 'PATCH',
  path: '/api/v2/organizations/me/approval-rules/{ruleId}',
  summary: 'Ask to change an approval rule (admin)',
  description: `Send the whole rule as it should become (its object cannot change: 400). ${WAITS}`,
  tags: TAGS,
  role: 'admin',
  session: true,
  params: approvalRuleParams,
  body: updateApprovalRuleBody,
  errors: ['stage_approver_not_eligible', 'rule_object_immutable'],
  response: { status: 202, description: 'The waiting change', schema: ruleChangeSchema },
});

export const deleteApprovalRuleOperation = defineOperation({
  id: 'deleteApprovalRule',
  method: 'DELETE',
  path: '/api/v2/organizations/me/approval-rules/{ruleId}',
  summary: 'Ask to delete an approval rule (admin)',
  description: WAITS,
  tags: TAGS,
  role: 'admin',
  session: true,
  params: approvalRuleParams,
  response: { status: 202, description: 'The waiting change', schema: ruleChangeSchema },
});

export const approveRuleChangeOperation = defineOperation({
  id: 'approveApprovalRuleChange',
  method: 'POST',
  path: '/api/v2/organizations/me/approval-rules/changes/{changeId}/approve',
  summary: 'Approve a waiting change of an approval rule',
  description:
    'Fills one slot of its open stage (another admin, unless rules on `approval_rules` say otherwise); the last one applies the change at once. Refusals: 409 `invalid_state` when it is no longer pending or applies after a notice period; 403 `separate_approver_required` for the admin who asked; 409 `already_approved`; 403 `not_an_eligible_approver` when the open stage needs someone else.',
  tags: TAGS,
  role: 'approver',
  session: true,
  params: ruleChangeParams,
  idempotent: false,
  errors: ['invalid_state', 'separate_approver_required', 'already_approved', 'not_an_eligible_approver'],
  response: { status: 200, description: 'The change', schema: ruleChangeSchema },
});

export const cancelRuleChangeOperation = defineOperation({
  id: 'cancelApprovalRuleChange',
  method: 'POST',
  path: '/api/v2/organizations/me/approval-rules/changes/{changeId}/cancel',
  summary: 'Cancel a waiting change of an approval rule (admin)',
  description:
    'Any admin, the one who asked included; the rule stays as it was. 409 `invalid_state` when it is no longer pending.',
  tags: TAGS,
  role: 'admin',
  session: true,
  params: ruleChangeParams,
  idempotent: false,
  errors: ['invalid_state'],
  response: { status: 200, description: 'The cancelled change', schema: ruleChangeSchema },
});

export const listApprovalsOperation = defineOperation({
  id: 'listApprovals',
  method: 'GET',
  path: '/api/v2/approvals',
  summary:
    'The approvals inbox: batches, withdrawals, wallets and rule changes waiting for approval, or decided',
  description: `Newest first. Approve each item with its own operation (a batch with its \`approval_digest\`: read the batch first). ${CURSOR_PAGINATION}`,
  tags: TAGS,
  query: inboxQuery,
  response: {
    status: 200,
    description: 'A page of approvals',
    schema: cursorListEnvelopeSchema(inboxItemSchema),
  },
});

export const listRuleChangesOperation = defineOperation({
  id: 'listApprovalRuleChanges',
  method: 'GET',
  path: '/api/v2/organizations/me/approval-rules/changes',
  summary:
    'The changes of approval rules (and relaxations of the approval policy) that wait, or were decided',
  description: `Newest first; \`status=pending\` (the default) lists what still waits for approval or its notice period, with who asked (\`requested_by\`). Cursors are the changes' \`pending_change_id\`. ${CURSOR_PAGINATION}`,
  tags: TAGS,
  query: ruleChangesQuery,
  response: {
    status: 200,
    description: 'A page of rule changes',
    schema: cursorListEnvelopeSchema(ruleChangeSchema),
  },
});

export const approvalRuleOperations = [
  listApprovalsOperation,
  listApprovalRulesOperation,
  listRuleChangesOperation,
  createApprovalRuleOperation,
  updateApprovalRuleOperation,
  deleteApprovalRuleOperation,
  approveRuleChangeOperation,
  cancelRuleChangeOperation,
];
