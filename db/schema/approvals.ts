// Owns the approvals area's tables: an organization's approval rules, the approval request each object gets when it
// goes to approval (the matching rules' stages copied onto it, so editing rules never changes what already waits), and
// the approvals given, one person one slot.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  APPROVAL_OBJECTS,
  type ApprovalObject,
  RULE_ORIGINS,
  type RuleOrigin,
  type StageRole,
} from '@/lib/approvals/contract/enums';
import type { RuleConditions } from '@/lib/approvals/contract/schemas';
import { amount, createdAt, id, oneOf, timestampMs, updatedAt } from './_columns';
import { orgId } from './_org-id';
import { apiKeys } from './identity/api-keys';
import { organizations } from './identity/organizations';
import { users } from './identity/users';

/** A waiting change of the approval policy: the switches the admin gave. */
export interface ProposedPolicy {
  require_separate_confirmer?: boolean;
  threshold_usdt?: string | null;
  withdrawals_require_approval?: boolean;
  wallets_require_approval?: boolean;
}

/** A stage as stored, on a rule and copied onto a request (with the rule it came from). */
export interface StoredStage {
  name: string;
  required: number;
  role?: StageRole;
  user_ids?: string[];
  rule_id?: string;
}

export const approvalRules = pgTable(
  'approval_rules',
  {
    id: id(),
    orgId: orgId('cascade'),
    object: text().$type<ApprovalObject>().notNull(),
    name: text().notNull(),
    conditions: jsonb().$type<RuleConditions>().notNull().default({}),
    stages: jsonb().$type<StoredStage[]>().notNull(),
    /** `policy`: carried over from (and edited through) the approval policy; `rules`: an admin's rule. */
    origin: text().$type<RuleOrigin>().notNull().default('rules'),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('approval_rules_object_valid', t.object, APPROVAL_OBJECTS),
    oneOf('approval_rules_origin_valid', t.origin, RULE_ORIGINS),
    check('approval_rules_stages_present', sql`jsonb_array_length(${t.stages}) > 0`),
    index('approval_rules_org_object_idx').on(t.orgId, t.object),
  ],
);

export const APPROVAL_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalRequestStatus = (typeof APPROVAL_REQUEST_STATUSES)[number];

/**
 * One per object that rules matched when it went to approval (a batch's fresh approval after a rejected re-quote
 * replaces it). `makers` are the people who may never approve it; `summary` is what the inbox shows without reading
 * the object's area.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: id(),
    orgId: orgId('cascade'),
    objectType: text().$type<ApprovalObject>().notNull(),
    objectId: uuid().notNull(),
    status: text().$type<ApprovalRequestStatus>().notNull().default('pending'),
    stages: jsonb().$type<StoredStage[]>().notNull(),
    makers: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    summary: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** What the approvals are given on (batches); a change of it clears the approvals given. Null: nothing can change. */
    approvalDigest: text(),
    rejectedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** An API key that rejected (a batch's reject by key); the user is then null. */
    rejectedByApiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    /** Who rejected, by name as they were then (the rejection shows it even once they left). */
    rejectedByName: text(),
    rejectedAt: timestampMs('rejected_at'),
    rejectionReason: text(),
    decidedAt: timestampMs('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('approval_requests_object_valid', t.objectType, APPROVAL_OBJECTS),
    oneOf('approval_requests_status_valid', t.status, APPROVAL_REQUEST_STATUSES),
    uniqueIndex('approval_requests_object_key').on(t.objectType, t.objectId),
    index('approval_requests_org_status_idx').on(t.orgId, t.status, t.id),
  ],
);

/** One approval: a person (a user, or the person a key counts as) fills one slot of one stage, once per request. */
export const approvalGrants = pgTable(
  'approval_grants',
  {
    id: id(),
    orgId: orgId('cascade'),
    requestId: uuid()
      .notNull()
      .references(() => approvalRequests.id, { onDelete: 'cascade' }),
    stageIndex: integer().notNull(),
    personId: uuid().notNull(),
    userId: uuid(),
    apiKeyId: uuid(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('approval_grants_person_key').on(t.requestId, t.personId),
    check('approval_grants_one_actor', sql`num_nonnulls(${t.userId}, ${t.apiKeyId}) = 1`),
  ],
);

/**
 * One row per organization that changed its approval policy: who changed it last and when. Since the approval rules
 * the rules carried over from the policy (origin `policy`) are what applies; these switches are kept beside them as
 * the policy was last written, so the policy's `updated_at` survives a switch turned off.
 */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    orgId: uuid()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requireSeparateConfirmer: boolean().notNull().default(false),
    thresholdUsdt: amount('threshold_usdt'),
    /** Four eyes on withdrawals: a new one waits (`pending_approval`) for a second person, signed in, to approve it. */
    withdrawalsRequireApproval: boolean().notNull().default(false),
    /** Four eyes on the address book: a new wallet is `PENDING_APPROVAL` until a second person approves it. */
    walletsRequireApproval: boolean().notNull().default(false),
    updatedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('approval_policies_threshold_positive', sql`${t.thresholdUsdt} > 0`)],
);

/** `policy`: a weakening change of the approval policy (`PATCH /organizations/me/approval-policy`), of no one rule. */
export const RULE_CHANGE_KINDS = ['update', 'delete', 'policy'] as const;
export type RuleChangeKind = (typeof RULE_CHANGE_KINDS)[number];
export const RULE_CHANGE_STATUSES = ['pending', 'applied', 'cancelled'] as const;
export type RuleChangeStatus = (typeof RULE_CHANGE_STATUSES)[number];

/**
 * A change of an approval rule that waits (DESIGN "Rules"): approved like any object (its approval request, object
 * `approval_rules`) or, in an organization with a single admin, applied by the sweep at `apply_after` unless cancelled.
 */
export const approvalRuleChanges = pgTable(
  'approval_rule_changes',
  {
    id: id(),
    orgId: orgId('cascade'),
    kind: text().$type<RuleChangeKind>().notNull(),
    /** No foreign key: an applied delete keeps naming the rule it removed. Null for a policy change (no one rule). */
    ruleId: uuid(),
    /** The rule as it would become (`update`). */
    proposed: jsonb().$type<{ name: string; conditions: RuleConditions; stages: StoredStage[] }>(),
    /** The policy's switches as asked (`policy`): those given apply when it does, the others keep their value then. */
    proposedPolicy: jsonb().$type<ProposedPolicy>(),
    status: text().$type<RuleChangeStatus>().notNull().default('pending'),
    requestedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** An admin API key that asked (a policy change by key); null when a signed-in person did. */
    requestedByApiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    /** Single admin: when the sweep applies it (after the notice period); null when another person approves it. */
    applyAfter: timestampMs('apply_after'),
    decidedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestampMs('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('approval_rule_changes_kind_valid', t.kind, RULE_CHANGE_KINDS),
    oneOf('approval_rule_changes_status_valid', t.status, RULE_CHANGE_STATUSES),
    check('approval_rule_changes_proposed', sql`(${t.kind} = 'update') = (${t.proposed} is not null)`),
    check(
      'approval_rule_changes_policy',
      sql`(${t.kind} = 'policy') = (${t.proposedPolicy} is not null) and (${t.kind} = 'policy') = (${t.ruleId} is null)`,
    ),
    index('approval_rule_changes_due_idx').on(t.orgId, t.status, t.applyAfter),
  ],
);
