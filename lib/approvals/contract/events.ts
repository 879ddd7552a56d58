// Owns the event types of approvals: rule changes (public: no single admin switches a control off unseen) and the
// audit trail of a waiting change.
import { z } from 'zod';
import { defineEvents } from '@/lib/platform/events/define';
import { approvalRuleSchema, approvalSchema } from './schemas';

const ruleChange = z.object({
  change: z.enum(['created', 'updated', 'deleted']),
  rule: approvalRuleSchema,
});

export const approvalEvents = defineEvents({
  'approval_rules.updated': {
    resource: 'approval_rule',
    visibility: 'public',
    description:
      'An approval rule was created, or a change of one (update, delete) took effect: approved by another admin or the rules on rule changes, or applied after the notice period in an organization with a single admin.',
    data: ruleChange,
  },
  'approval_rules.change_requested': {
    resource: 'approval_rule_change',
    visibility: 'internal',
    description:
      'An admin asked to update or delete an approval rule, or to weaken the approval policy; it waits for approval or its notice period.',
    data: z.object({
      kind: z.enum(['update', 'delete', 'policy']),
      rule_id: z.string().nullable(),
      apply_after: z.string().nullable(),
      approval: approvalSchema,
    }),
  },
  'approval_rules.change_cancelled': {
    resource: 'approval_rule_change',
    visibility: 'internal',
    description:
      'A waiting change of an approval rule (or of the approval policy) was cancelled; the rule stays as it was.',
    data: z.object({ kind: z.enum(['update', 'delete', 'policy']), rule_id: z.string().nullable() }),
  },
});
