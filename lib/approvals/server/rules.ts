// Owns an organization's approval rules (DESIGN "Rules"): listing them, creating one (applies at once), and asking
// to update or delete one, which waits — approved by the rules on `approval_rules` or one other admin, or, with a
// single admin, applied after a notice period that admin may cancel — so no single admin switches a control off
// unseen.
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  approvalRuleChanges,
  approvalRules,
  type ProposedPolicy,
  type StoredStage,
} from '@/db/schema/approvals';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { memberships, users } from '@/db/schema/identity/users';
import type {
  ApprovalRuleInput,
  ApprovalRuleWire,
  ApprovalWire,
  UpdateApprovalRuleBody,
} from '@/lib/approvals/contract/schemas';
import type { ServiceActor } from '@/lib/identity/server';
import { roleAtLeast } from '@/lib/platform/actor/roles';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { formatUsdt } from '@/lib/platform/money';
import {
  type CursorListEnvelope,
  type CursorPageRequest,
  cursorEnvelope,
  keysetStart,
} from '@/lib/platform/pagination/cursor';
import type { ActionWire } from './actions';
import { approvalColumn } from './approval-column';
import { writeApprovalPolicy } from './approval-policy';
import { approvalOf, openApproval, recordApproval, rejectApproval } from './engine';

/** How long a single admin's change waits, told to every approver, before it applies (DESIGN "Rules"). */
export const NOTICE_HOURS = 72;
/** Without rules on `approval_rules`, a rule change needs one other admin. */
const OTHER_ADMIN: StoredStage = { name: 'Another admin', required: 1, role: 'admin' };

type RuleRow = typeof approvalRules.$inferSelect;
type ChangeRow = typeof approvalRuleChanges.$inferSelect;

export function ruleToWire(row: RuleRow): ApprovalRuleWire {
  const { amount_usdt_gte, amount_usdt_lt, ...rest } = row.conditions;
  return {
    id: row.id,
    object: row.object,
    name: row.name,
    conditions: {
      ...(amount_usdt_gte === undefined ? {} : { amount_usdt_gte: formatUsdt(amount_usdt_gte) }),
      ...(amount_usdt_lt === undefined ? {} : { amount_usdt_lt: formatUsdt(amount_usdt_lt) }),
      ...rest,
    },
    stages: row.stages.map(({ rule_id: _, ...stage }) => stage),
    from_approval_policy: row.origin === 'policy',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listRules(executor: Executor, orgId: string): Promise<{ data: ApprovalRuleWire[] }> {
  const rows = await executor
    .select()
    .from(approvalRules)
    .where(eq(approvalRules.orgId, orgId))
    .orderBy(asc(approvalRules.createdAt), asc(approvalRules.id));
  return { data: rows.map(ruleToWire) };
}

/** Named people must be approvers (or admins) of the organization: a stage nobody can fill would block for ever. */
async function assertStagesFillable(
  tx: Executor,
  orgId: string,
  stages: ApprovalRuleInput['stages'],
): Promise<void> {
  const named = [...new Set(stages.flatMap((stage) => stage.user_ids ?? []))];
  if (named.length === 0) return;
  const members = await tx
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.orgId, orgId));
  const approvers = new Set(members.filter((m) => roleAtLeast(m.role, 'approver')).map((m) => m.userId));
  const errors = stages.flatMap((stage, index) =>
    (stage.user_ids ?? [])
      .map((userId, at) => ({ userId, at }))
      .filter(({ userId }) => !approvers.has(userId))
      .map(({ at }) => ({
        field: `stages.${index}.user_ids.${at}`,
        code: 'stage_approver_not_eligible' as const,
        message: `stages.${index}.user_ids.${at}: is not an approver or admin of this organization`,
      })),
  );
  if (errors.length > 0)
    throw new ApiError('bad_request', errors.map((error) => error.message).join('; '), {
      code: 'stage_approver_not_eligible',
      fieldErrors: errors,
    });
}

export async function createRule(
  executor: Executor,
  actor: ServiceActor,
  body: ApprovalRuleInput,
): Promise<ApprovalRuleWire> {
  return executor.transaction(async (tx) => {
    await assertStagesFillable(tx, actor.orgId, body.stages);
    const at = await businessNow(tx, actor.orgId);
    const [row] = await tx
      .insert(approvalRules)
      .values({
        orgId: actor.orgId,
        object: body.object,
        name: body.name,
        conditions: body.conditions,
        stages: body.stages,
        createdByUserId: actor.userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const rule = ruleToWire(row!);
    await recordEvent(tx, {
      orgId: actor.orgId,
      type: 'approval_rules.updated',
      actor: actor.audit,
      subjectId: rule.id,
      data: { change: 'created', rule },
      requestId: actor.requestId,
      createdAt: at,
    });
    return rule;
  });
}

export interface RuleChangeWire {
  pending_change_id: string;
  kind: 'update' | 'delete' | 'policy';
  rule_id: string | null;
  policy_change: ProposedPolicy | null;
  status: 'pending' | 'applied' | 'cancelled';
  requested_by: { type: 'user' | 'api_key'; id: string; name: string } | null;
  /** Single admin: when it applies unless cancelled; null when it waits for another person's approval. */
  apply_after: string | null;
  approval: ApprovalWire;
  /** Filled for the caller of a request (caller-actions.ts); null otherwise. */
  actions: ActionWire[] | null;
  created_at: string;
}

function policyChangeToWire(change: ProposedPolicy | null): ProposedPolicy | null {
  if (change?.threshold_usdt == null) return change;
  return { ...change, threshold_usdt: formatUsdt(change.threshold_usdt) };
}

/** Who asked, as the change shows it: the user, or the key (named by the user who created it). */
const requester = {
  userName: users.name,
  keyName: apiKeys.name,
  keyCreatorName: sql<string | null>`(select name from users c where c.id = ${apiKeys.createdByUserId})`,
};

function requestedBy(
  row: Pick<ChangeRow, 'requestedByUserId' | 'requestedByApiKeyId'>,
  names: { userName: string | null; keyName: string | null; keyCreatorName: string | null },
): RuleChangeWire['requested_by'] {
  if (row.requestedByUserId) return { type: 'user', id: row.requestedByUserId, name: names.userName ?? '' };
  if (row.requestedByApiKeyId)
    return {
      type: 'api_key',
      id: row.requestedByApiKeyId,
      name: names.keyCreatorName ?? names.keyName ?? '',
    };
  return null;
}

function toChangeWire(
  row: ChangeRow,
  approval: ApprovalWire,
  names: { userName: string | null; keyName: string | null; keyCreatorName: string | null },
): RuleChangeWire {
  return {
    pending_change_id: row.id,
    kind: row.kind,
    rule_id: row.ruleId,
    policy_change: policyChangeToWire(row.proposedPolicy),
    status: row.status,
    requested_by: requestedBy(row, names),
    apply_after: row.applyAfter?.toISOString() ?? null,
    approval,
    actions: null,
    created_at: row.createdAt.toISOString(),
  };
}

async function changeToWire(executor: Executor, row: ChangeRow): Promise<RuleChangeWire> {
  const [names] = await executor
    .select(requester)
    .from(approvalRuleChanges)
    .leftJoin(users, eq(users.id, approvalRuleChanges.requestedByUserId))
    .leftJoin(apiKeys, eq(apiKeys.id, approvalRuleChanges.requestedByApiKeyId))
    .where(eq(approvalRuleChanges.id, row.id));
  return toChangeWire(
    row,
    await approvalOf(executor, row.orgId, 'approval_rules', row.id),
    names ?? { userName: null, keyName: null, keyCreatorName: null },
  );
}

/**
 * `GET /organizations/me/approval-rules/changes`: newest first, with cursors; each with its approval and who asked, in
 * one statement (the approval as the column the inbox reads).
 */
export async function listRuleChanges(
  executor: Executor,
  orgId: string,
  status: RuleChangeWire['status'],
  request: CursorPageRequest,
): Promise<CursorListEnvelope<RuleChangeWire>> {
  const c = approvalRuleChanges;
  const conditions = [eq(c.orgId, orgId), eq(c.status, status)];
  const start = await keysetStart(executor, request, { table: c, orgId, keys: sql`${c.createdAt}, ${c.id}` });
  const direction = start.backwards ? asc : desc;
  const keyset = start.condition ? [...conditions, start.condition] : conditions;
  const rows = await executor
    .select({
      row: c,
      ...requester,
      approval: approvalColumn('approval_rules', sql.raw('"approval_rule_changes"."id"')),
    })
    .from(c)
    .leftJoin(users, eq(users.id, c.requestedByUserId))
    .leftJoin(apiKeys, eq(apiKeys.id, c.requestedByApiKeyId))
    .where(and(...keyset))
    .orderBy(direction(c.createdAt), direction(c.id))
    .limit(start.fetch)
    .offset(start.offset);
  const [counted] = await executor
    .select({ n: count() })
    .from(c)
    .where(and(...conditions));
  return cursorEnvelope(
    rows.map(({ row, approval, ...names }) => toChangeWire(row, approval, names)),
    request,
    counted?.n ?? 0,
    start,
  );
}

async function lockRule(tx: Executor, orgId: string, ruleId: string): Promise<RuleRow> {
  const [row] = await tx
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.orgId, orgId), eq(approvalRules.id, ruleId)))
    .for('update');
  if (!row) throw ApiError.notFound('Approval rule');
  return row;
}

/**
 * `PATCH|DELETE /organizations/me/approval-rules/{id}`: the change waits (202 with its id). With another admin (or
 * rules on rule changes) it goes to approval; with a single admin it applies after the notice period.
 */
export async function requestRuleChange(
  executor: Executor,
  actor: ServiceActor,
  ruleId: string,
  change: { kind: 'update'; rule: UpdateApprovalRuleBody } | { kind: 'delete' },
): Promise<RuleChangeWire> {
  return executor.transaction(async (tx) => {
    const rule = await lockRule(tx, actor.orgId, ruleId);
    if (change.kind === 'update') {
      if (change.rule.object !== undefined && change.rule.object !== rule.object)
        throw new ApiError('bad_request', `object: a rule's object cannot change (it is ${rule.object})`, {
          code: 'rule_object_immutable',
          param: 'object',
        });
      await assertStagesFillable(tx, actor.orgId, change.rule.stages);
    }
    const row = await openChange(tx, actor, {
      kind: change.kind,
      ruleId: rule.id,
      proposed:
        change.kind === 'update'
          ? { name: change.rule.name, conditions: change.rule.conditions, stages: change.rule.stages }
          : null,
      proposedPolicy: null,
      title: `${change.kind === 'update' ? 'Change' : 'Delete'} the rule "${rule.name}"`,
    });
    return changeToWire(tx, row);
  });
}

/**
 * A weakening change of the approval policy waits like a rule change (in the caller's transaction, which holds the
 * policy's lock): approved by the rules on `approval_rules` or another admin, or applied after the notice period.
 */
export async function requestPolicyChange(
  tx: Executor,
  actor: ServiceActor,
  change: ProposedPolicy,
): Promise<RuleChangeWire> {
  const row = await openChange(tx, actor, {
    kind: 'policy',
    ruleId: null,
    proposed: null,
    proposedPolicy: change,
    title: 'Relax the approval policy',
  });
  return changeToWire(tx, row);
}

/**
 * The change waits: with another admin (or rules on rule changes) it goes to approval; with a single admin it applies
 * after the notice period. Every approver is told (the event's notice).
 */
async function openChange(
  tx: Executor,
  actor: ServiceActor,
  what: Pick<ChangeRow, 'kind' | 'ruleId' | 'proposed' | 'proposedPolicy'> & { title: string },
): Promise<ChangeRow> {
  const at = await businessNow(tx, actor.orgId);
  const [admins] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.orgId, actor.orgId), eq(memberships.role, 'admin')));
  const singleAdmin = (admins?.n ?? 0) <= 1;
  const [row] = await tx
    .insert(approvalRuleChanges)
    .values({
      orgId: actor.orgId,
      kind: what.kind,
      ruleId: what.ruleId,
      proposed: what.proposed,
      proposedPolicy: what.proposedPolicy,
      requestedByUserId: actor.userId,
      requestedByApiKeyId: actor.userId === null ? actor.apiKeyId : null,
      applyAfter: singleAdmin ? new Date(at.getTime() + NOTICE_HOURS * 3_600_000) : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const approval = singleAdmin
    ? await approvalOf(tx, actor.orgId, 'approval_rules', row!.id)
    : await openApproval(tx, {
        orgId: actor.orgId,
        objectId: row!.id,
        subject: { object: 'approval_rules', at },
        makers: actor.personId ? [actor.personId] : [],
        summary: { title: what.title },
        fallbackStages: [OTHER_ADMIN],
      });
  await recordEvent(tx, {
    orgId: actor.orgId,
    type: 'approval_rules.change_requested',
    actor: actor.audit,
    subjectId: row!.id,
    data: {
      kind: what.kind,
      rule_id: what.ruleId,
      apply_after: row!.applyAfter?.toISOString() ?? null,
      approval,
    },
    requestId: actor.requestId,
    createdAt: at,
  });
  return row!;
}

async function lockChange(tx: Executor, orgId: string, changeId: string): Promise<ChangeRow> {
  const [row] = await tx
    .select()
    .from(approvalRuleChanges)
    .where(and(eq(approvalRuleChanges.orgId, orgId), eq(approvalRuleChanges.id, changeId)))
    .for('update');
  if (!row) throw ApiError.notFound('Rule change');
  if (row.status !== 'pending')
    throw new ApiError('conflict', `The rule change is ${row.status}, not pending`, {
      code: 'invalid_state',
    });
  return row;
}

async function markApplied(tx: Executor, row: ChangeRow, at: Date, userId: string | null): Promise<void> {
  await tx
    .update(approvalRuleChanges)
    .set({ status: 'applied', decidedByUserId: userId, decidedAt: at, updatedAt: at })
    .where(eq(approvalRuleChanges.id, row.id));
}

/** The change takes effect: the rule is updated or deleted (or the policy rewritten) and the public event says so. */
async function applyChange(
  tx: Executor,
  row: ChangeRow,
  at: Date,
  decided: { userId: string | null; audit: ServiceActor['audit']; requestId: string | null },
): Promise<void> {
  if (row.kind === 'policy') {
    // The policy's own event (`approval_policy.updated`, public) says what is now in force.
    await writeApprovalPolicy(tx, { orgId: row.orgId, ...decided }, row.proposedPolicy!, at);
    await markApplied(tx, row, at, decided.userId);
    return;
  }
  const rule = await lockRule(tx, row.orgId, row.ruleId!);
  let wire: ApprovalRuleWire;
  if (row.kind === 'update') {
    const [updated] = await tx
      .update(approvalRules)
      .set({ ...row.proposed!, updatedAt: at })
      .where(eq(approvalRules.id, rule.id))
      .returning();
    wire = ruleToWire(updated!);
  } else {
    wire = ruleToWire(rule);
  }
  await markApplied(tx, row, at, decided.userId);
  // Other waiting changes of a deleted rule go with it (their rows cascade); the rule's delete comes last.
  if (row.kind === 'delete') await tx.delete(approvalRules).where(eq(approvalRules.id, rule.id));
  await recordEvent(tx, {
    orgId: row.orgId,
    type: 'approval_rules.updated',
    actor: decided.audit,
    subjectId: rule.id,
    data: { change: row.kind === 'update' ? 'updated' : 'deleted', rule: wire },
    requestId: decided.requestId,
    createdAt: at,
  });
}

/** `POST …/approval-rules/changes/{id}/approve`: fills a slot; the last one applies the change in the same transaction. */
export async function approveRuleChange(
  executor: Executor,
  actor: ServiceActor,
  changeId: string,
): Promise<RuleChangeWire> {
  return executor.transaction(async (tx) => {
    const row = await lockChange(tx, actor.orgId, changeId);
    const at = await businessNow(tx, actor.orgId);
    if (row.applyAfter !== null)
      throw new ApiError(
        'conflict',
        'This change applies after its notice period (the organization has a single admin): cancel it or let it apply',
        { code: 'invalid_state' },
      );
    const progress = await recordApproval(tx, {
      orgId: actor.orgId,
      object: 'approval_rules',
      objectId: row.id,
      approver: actor,
      at,
      makerCode: 'separate_approver_required',
    });
    if (progress.complete) await applyChange(tx, row, at, actor);
    const [after] = await tx.select().from(approvalRuleChanges).where(eq(approvalRuleChanges.id, row.id));
    return changeToWire(tx, after!);
  });
}

/** `POST …/approval-rules/changes/{id}/cancel`: any admin (the requester included); the rule stays as it was. */
export async function cancelRuleChange(
  executor: Executor,
  actor: ServiceActor,
  changeId: string,
): Promise<RuleChangeWire> {
  return executor.transaction(async (tx) => {
    const row = await lockChange(tx, actor.orgId, changeId);
    const at = await businessNow(tx, actor.orgId);
    if (row.applyAfter === null)
      await rejectApproval(tx, {
        orgId: actor.orgId,
        object: 'approval_rules',
        objectId: row.id,
        by: { userId: actor.userId, apiKeyId: actor.apiKeyId },
        reason: 'Cancelled',
        at,
      });
    const [after] = await tx
      .update(approvalRuleChanges)
      .set({ status: 'cancelled', decidedByUserId: actor.userId, decidedAt: at, updatedAt: at })
      .where(eq(approvalRuleChanges.id, row.id))
      .returning();
    await recordEvent(tx, {
      orgId: actor.orgId,
      type: 'approval_rules.change_cancelled',
      actor: actor.audit,
      subjectId: row.id,
      data: { kind: row.kind, rule_id: row.ruleId },
      requestId: actor.requestId,
      createdAt: at,
    });
    return changeToWire(tx, after!);
  });
}

/** The sweep: a single admin's changes whose notice period is over apply, by the system. */
export async function applyDueRuleChanges(tx: Executor, orgId: string, now: Date): Promise<number> {
  const due = await tx
    .select()
    .from(approvalRuleChanges)
    .where(and(eq(approvalRuleChanges.orgId, orgId), eq(approvalRuleChanges.status, 'pending')))
    .orderBy(asc(approvalRuleChanges.createdAt))
    .for('update', { skipLocked: true });
  let applied = 0;
  for (const row of due) {
    if (row.applyAfter === null || row.applyAfter > now) continue;
    // A change of a rule another change deleted meanwhile went with it (cascade); nothing left to apply.
    if (row.ruleId !== null) {
      const [rule] = await tx
        .select({ id: approvalRules.id })
        .from(approvalRules)
        .where(eq(approvalRules.id, row.ruleId));
      if (!rule) continue;
    }
    await applyChange(tx, row, now, { userId: null, audit: SYSTEM_ACTOR, requestId: null });
    applied += 1;
  }
  return applied;
}
