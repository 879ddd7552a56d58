// Owns the wire shapes of approvals (DESIGN "Approvals", "Rules"): a rule with its conditions and stages, and the
// `approval` an object carries (status, the stages copied onto it with who approved, the rejection).
import { z } from 'zod';
import { DECIMAL_STRING, decimalPlaces } from '@/lib/platform/money/facts';
import { cursorPaginationQuery } from '@/lib/platform/pagination';
import { idSchema, timestampSchema, usdtAmountSchema } from '@/lib/platform/schemas/common';
import { APPROVAL_OBJECTS, APPROVAL_STATUSES, BATCH_SOURCES, STAGE_ROLES } from './enums';

/** Enough for "2 of these 3, then the CFO" many times over; a rule set is read on every object that goes to approval. */
export const MAX_STAGES_PER_RULE = 5;
export const MAX_USERS_PER_STAGE = 50;

const usdtInput = (description: string) =>
  z
    .string()
    .regex(DECIMAL_STRING, 'must be a decimal string such as "50000.00"')
    .refine((value) => decimalPlaces(value) <= 6, 'must have at most 6 decimals')
    .meta({ description, example: '50000.00' });

export const ruleConditionsSchema = z
  .strictObject({
    amount_usdt_gte: usdtInput('Matches when the total in USDT is at or above this').optional(),
    amount_usdt_lt: usdtInput('Matches when the total in USDT is below this').optional(),
    currencies: z
      .array(z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as "EUR"'))
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Matches when a destination currency is in this list' }),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as "DE"'))
      .min(1)
      .max(250)
      .optional()
      .meta({ description: 'Matches when a destination country is in this list' }),
    sources: z
      .array(z.enum(BATCH_SOURCES))
      .min(1)
      .optional()
      .meta({ description: 'Batches only: matches when the batch came from one of these' }),
    first_payment_to_beneficiary: z
      .literal(true)
      .optional()
      .meta({ description: 'Batches only: matches when it pays a beneficiary never paid before' }),
    details_changed_within_days: z.int().min(1).max(3650).optional().meta({
      description:
        'Batches only: matches when it pays a beneficiary whose identity or bank details changed within this many days before the batch went to approval',
    }),
  })
  .meta({ id: 'ApprovalRuleConditions', description: 'All conditions given must match; none: every object' });

export const ruleStageSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(80),
    required: z.int().min(1).max(MAX_USERS_PER_STAGE),
    role: z
      .enum(STAGE_ROLES)
      .optional()
      .meta({ description: 'Anyone of this role (admins include approvers)' }),
    user_ids: z.array(idSchema).min(1).max(MAX_USERS_PER_STAGE).optional().meta({
      description: 'Only these people (each must be an approver or admin of the organization)',
    }),
  })
  .refine((stage) => (stage.role === undefined) !== (stage.user_ids === undefined), {
    message: 'give either role or user_ids',
    path: ['role'],
  })
  .refine((stage) => stage.user_ids === undefined || stage.required <= stage.user_ids.length, {
    message: 'required cannot exceed the number of user_ids',
    path: ['required'],
  })
  .meta({ id: 'ApprovalRuleStage', example: { name: 'Finance', required: 2, role: 'approver' } });

const AMOUNT_CONDITIONS = ['amount_usdt_gte', 'amount_usdt_lt'];
const BATCH_CONDITIONS = [
  ...AMOUNT_CONDITIONS,
  'currencies',
  'countries',
  'sources',
  'first_payment_to_beneficiary',
  'details_changed_within_days',
];

export const approvalRuleBody = z
  .strictObject({
    object: z.enum(APPROVAL_OBJECTS),
    name: z.string().trim().min(1).max(120),
    conditions: ruleConditionsSchema.default({}),
    stages: z.array(ruleStageSchema).min(1).max(MAX_STAGES_PER_RULE),
  })
  .superRefine((rule, ctx) => {
    // Only a batch has currencies, countries, a source and payees; a withdrawal has an amount; wallets and rule
    // changes have neither, so a condition there could never match and would silently switch the rule off.
    const allowed: readonly string[] =
      rule.object === 'batch' ? BATCH_CONDITIONS : rule.object === 'withdrawal' ? AMOUNT_CONDITIONS : [];
    for (const key of Object.keys(rule.conditions)) {
      if (!allowed.includes(key))
        ctx.addIssue({
          code: 'custom',
          path: ['conditions', key],
          message: `does not apply to a ${rule.object} rule`,
        });
    }
  })
  .meta({ id: 'ApprovalRuleCreate' });

export const approvalRuleSchema = z
  .object({
    id: idSchema,
    object: z.enum(APPROVAL_OBJECTS),
    name: z.string(),
    conditions: z.object({
      amount_usdt_gte: usdtAmountSchema.optional(),
      amount_usdt_lt: usdtAmountSchema.optional(),
      currencies: z.array(z.string()).optional(),
      countries: z.array(z.string()).optional(),
      sources: z.array(z.enum(BATCH_SOURCES)).optional(),
      first_payment_to_beneficiary: z.literal(true).optional(),
      details_changed_within_days: z.int().optional(),
    }),
    stages: z.array(
      z.object({
        name: z.string(),
        required: z.int(),
        role: z.enum(STAGE_ROLES).optional(),
        user_ids: z.array(idSchema).optional(),
      }),
    ),
    from_approval_policy: z.boolean().meta({
      description:
        'Carried over from the approval policy; `PATCH /organizations/me/approval-policy` edits it',
    }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: 'ApprovalRule' });

export const approvalRuleListSchema = z
  .object({ data: z.array(approvalRuleSchema) })
  .meta({ id: 'ApprovalRuleList' });

export const approvalSchema = z
  .object({
    status: z.enum(APPROVAL_STATUSES),
    stages: z.array(
      z.object({
        name: z.string(),
        required: z.int(),
        eligible: z.union([
          z.object({ role: z.enum(STAGE_ROLES) }),
          z.object({ user_ids: z.array(idSchema) }),
        ]),
        approvals: z.array(z.object({ user_id: idSchema, name: z.string(), at: timestampSchema })),
      }),
    ),
    rejection: z
      .object({
        by: z
          .object({ type: z.enum(['user', 'api_key']), id: idSchema, name: z.string() })
          .meta({ description: 'Who rejected: a person, or an API key (named by the user who created it)' }),
        at: timestampSchema,
        reason: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'Approval' });

export type ApprovalRuleInput = z.output<typeof approvalRuleBody>;
export type ApprovalRuleWire = z.input<typeof approvalRuleSchema>;
export type ApprovalWire = z.input<typeof approvalSchema>;
export type RuleConditions = z.output<typeof ruleConditionsSchema>;

export const approvalRuleParams = z.object({ ruleId: idSchema });
export const ruleChangeParams = z.object({ changeId: idSchema });

export const updateApprovalRuleBody = z
  .strictObject({
    object: z.enum(APPROVAL_OBJECTS).optional().meta({ description: 'If given, must be the rule’s own' }),
    name: z.string().trim().min(1).max(120),
    conditions: ruleConditionsSchema.default({}),
    stages: z.array(ruleStageSchema).min(1).max(MAX_STAGES_PER_RULE),
  })
  .meta({ id: 'ApprovalRuleUpdate', description: 'The whole rule as it should become' });

export const ACTION_NAMES = ['approve', 'reject', 'confirm', 'cancel', 'requote'] as const;

export const actionsSchema = z
  .array(
    z.object({
      name: z.enum(ACTION_NAMES),
      allowed: z.boolean(),
      reason: z.string().nullable().meta({ description: 'Why not, when not allowed' }),
    }),
  )
  .nullable()
  .meta({
    id: 'Actions',
    description:
      'What the caller may do next and why not, computed by the server so a client never restates a rule; null in events (they have no caller)',
  });

export const RULE_CHANGE_STATUSES = ['pending', 'applied', 'cancelled'] as const;

export const ruleChangesQuery = cursorPaginationQuery.extend({
  status: z.enum(RULE_CHANGE_STATUSES).default('pending').meta({
    description: '`pending` (the default): changes still waiting; `applied` or `cancelled`: decided ones',
  }),
});

export const ruleChangeSchema = z
  .object({
    pending_change_id: idSchema,
    kind: z.enum(['update', 'delete', 'policy']).meta({
      description:
        '`update` or `delete` of the rule `rule_id`; `policy`: a weakening `PATCH /organizations/me/approval-policy` (its switches in `policy_change`)',
    }),
    rule_id: idSchema.nullable().meta({ description: 'The rule it changes; null for a `policy` change' }),
    policy_change: z
      .object({
        require_separate_confirmer: z.boolean().optional(),
        threshold_usdt: usdtAmountSchema.nullable().optional(),
        withdrawals_require_approval: z.boolean().optional(),
        wallets_require_approval: z.boolean().optional(),
      })
      .nullable()
      .meta({
        description:
          'A `policy` change: the switches as asked (those omitted keep their value when it applies); null otherwise',
      }),
    status: z.enum(RULE_CHANGE_STATUSES),
    requested_by: z
      .object({ type: z.enum(['user', 'api_key']), id: idSchema, name: z.string() })
      .nullable()
      .meta({
        description:
          'Who asked for it (an API key is named by the user who created it); null once that person or key is gone',
      }),
    apply_after: timestampSchema.nullable().meta({
      description:
        'In an organization with a single admin, when the change applies unless cancelled (72 hours after it was asked); null when it waits for another admin’s approval',
    }),
    approval: approvalSchema,
    actions: actionsSchema,
    created_at: timestampSchema,
  })
  .meta({ id: 'ApprovalRuleChange' });

export type UpdateApprovalRuleBody = z.output<typeof updateApprovalRuleBody>;

export const INBOX_VIEWS = ['waiting_for_me', 'pending', 'decided'] as const;

export const inboxQuery = cursorPaginationQuery.extend({
  view: z.enum(INBOX_VIEWS).default('waiting_for_me').meta({
    description:
      '`waiting_for_me`: pending objects whose open stage the caller may fill (not a maker, not approved yet); `pending`: every pending object; `decided`: approved or rejected ones',
  }),
});

export const inboxItemSchema = z
  .object({
    id: idSchema.meta({ description: 'The approval’s own id (the cursor of this list)' }),
    object_type: z.enum(APPROVAL_OBJECTS),
    object_id: idSchema,
    summary: z
      .record(z.string(), z.unknown())
      .meta({ description: 'What the object is: a title and its amount' }),
    approval: approvalSchema,
    actions: actionsSchema,
    approval_digest: z.string().nullable().meta({
      description:
        'A batch’s `approval_digest` as it went to approval; read the batch for the current one before approving',
    }),
    created_at: timestampSchema,
  })
  .meta({ id: 'ApprovalInboxItem' });
