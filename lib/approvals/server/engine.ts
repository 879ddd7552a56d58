// Owns the approval of one object (DESIGN "Approvals"): copying the matching rules' stages onto it when it goes to
// approval, filling one slot per approval (stages in order, eligibility by role or named people, makers never, one
// person one slot across stages), rejecting with a reason, and clearing the approvals given when what they bind
// changes. The object's own area calls these inside its transaction; this area never reads the object itself.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { approvalGrants, approvalRequests, approvalRules, type StoredStage } from '@/db/schema/approvals';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { users } from '@/db/schema/identity/users';
import type { ApprovalObject } from '@/lib/approvals/contract/enums';
import type { ApprovalWire } from '@/lib/approvals/contract/schemas';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type ApprovalSubject, ruleMatches } from './match';
import { type Approver, type ApproverRef, mayFill, resolveApprover } from './people';

type RequestRow = typeof approvalRequests.$inferSelect;
type GrantRow = Pick<typeof approvalGrants.$inferSelect, 'stageIndex' | 'personId' | 'name' | 'createdAt'>;

export const NOT_REQUIRED: ApprovalWire = Object.freeze({
  status: 'not_required',
  stages: [],
  rejection: null,
});

/** The stages every matching rule asks for, rule after rule (oldest rule first), each rule's stages in its order. */
export async function stagesFor(
  executor: Executor,
  orgId: string,
  subject: ApprovalSubject,
): Promise<StoredStage[]> {
  const rules = await executor
    .select({ id: approvalRules.id, conditions: approvalRules.conditions, stages: approvalRules.stages })
    .from(approvalRules)
    .where(and(eq(approvalRules.orgId, orgId), eq(approvalRules.object, subject.object)))
    .orderBy(asc(approvalRules.createdAt), asc(approvalRules.id));
  return rules
    .filter((rule) => ruleMatches(rule.conditions, subject))
    .flatMap((rule) => rule.stages.map((stage) => ({ ...stage, rule_id: rule.id })));
}

export interface OpenApprovalInput {
  orgId: string;
  objectId: string;
  subject: ApprovalSubject;
  /** The people who may never approve it (person ids: a user, or a key no user created). */
  makers: readonly string[];
  /** What the inbox shows of it (a title, an amount), so the inbox never reads the object's area. */
  summary: Record<string, unknown>;
  approvalDigest?: string | null;
  /** The stages when no rule matches (a rule change: one other admin); none means no approval is required. */
  fallbackStages?: readonly StoredStage[];
}

/**
 * The object goes to approval: the matching rules' stages are copied onto it (editing rules later changes nothing
 * here). A fresh approval replaces a previous one of the same object (a rejected batch re-quoted by a maker) and its
 * approvals. No matching rule: nothing is stored and the approval is `not_required`.
 */
export async function openApproval(tx: Executor, input: OpenApprovalInput): Promise<ApprovalWire> {
  const matched = await stagesFor(tx, input.orgId, input.subject);
  const stages = matched.length > 0 ? matched : [...(input.fallbackStages ?? [])];
  const at = input.subject.at;
  if (stages.length === 0) {
    await tx
      .delete(approvalRequests)
      .where(
        and(
          eq(approvalRequests.objectType, input.subject.object),
          eq(approvalRequests.objectId, input.objectId),
        ),
      );
    return NOT_REQUIRED;
  }
  const values = {
    orgId: input.orgId,
    objectType: input.subject.object,
    objectId: input.objectId,
    status: 'pending' as const,
    stages,
    makers: [...new Set(input.makers)],
    summary: input.summary,
    approvalDigest: input.approvalDigest ?? null,
    rejectedByUserId: null,
    rejectedAt: null,
    rejectionReason: null,
    decidedAt: null,
    createdAt: at,
    updatedAt: at,
  };
  const [request] = await tx
    .insert(approvalRequests)
    .values(values)
    .onConflictDoUpdate({
      target: [approvalRequests.objectType, approvalRequests.objectId],
      set: { ...values, createdAt: undefined },
    })
    .returning();
  await tx.delete(approvalGrants).where(eq(approvalGrants.requestId, request!.id));
  return toApprovalWire(request!, []);
}

async function findRequest(
  executor: Executor,
  orgId: string,
  object: ApprovalObject,
  objectId: string,
  forUpdate = false,
): Promise<RequestRow | undefined> {
  const query = executor
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.orgId, orgId),
        eq(approvalRequests.objectType, object),
        eq(approvalRequests.objectId, objectId),
      ),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

async function grantsOf(executor: Executor, requestId: string): Promise<GrantRow[]> {
  return executor
    .select({
      stageIndex: approvalGrants.stageIndex,
      personId: approvalGrants.personId,
      name: approvalGrants.name,
      createdAt: approvalGrants.createdAt,
    })
    .from(approvalGrants)
    .where(eq(approvalGrants.requestId, requestId))
    .orderBy(asc(approvalGrants.createdAt), asc(approvalGrants.id));
}

export function toApprovalWire(request: RequestRow, grants: readonly GrantRow[]): ApprovalWire {
  return {
    status: request.status,
    stages: request.stages.map((stage, index) => ({
      name: stage.name,
      required: stage.required,
      eligible: stage.user_ids ? { user_ids: stage.user_ids } : { role: stage.role ?? 'approver' },
      approvals: grants
        .filter((grant) => grant.stageIndex === index)
        .map((grant) => ({ user_id: grant.personId, name: grant.name, at: grant.createdAt.toISOString() })),
    })),
    rejection:
      request.status === 'rejected' && request.rejectedAt
        ? {
            by: {
              type: request.rejectedByApiKeyId ? ('api_key' as const) : ('user' as const),
              id: request.rejectedByApiKeyId ?? request.rejectedByUserId ?? '',
              name: request.rejectedByName ?? '',
            },
            at: request.rejectedAt.toISOString(),
            reason: request.rejectionReason ?? '',
          }
        : null,
  };
}

/** The object's approval as it stands (`not_required` when no rule matched it). */
export async function approvalOf(
  executor: Executor,
  orgId: string,
  object: ApprovalObject,
  objectId: string,
): Promise<ApprovalWire> {
  const request = await findRequest(executor, orgId, object, objectId);
  if (!request) return NOT_REQUIRED;
  return toApprovalWire(request, await grantsOf(executor, request.id));
}

/** Slots still open per stage, in order. */
function openSlots(request: RequestRow, grants: readonly GrantRow[]): number[] {
  return request.stages.map(
    (stage, index) => stage.required - grants.filter((grant) => grant.stageIndex === index).length,
  );
}

/** Why this person may not fill the open slot, or null when they may. */
function refusal(
  request: RequestRow,
  grants: readonly GrantRow[],
  approver: Approver | null,
  isMaker: boolean,
  makerCode: 'separate_confirmer_required' | 'separate_approver_required',
  makerMessage?: string,
): ApiError | null {
  const noun = nounOf(request.objectType);
  if (approver === null)
    return new ApiError('forbidden', `Only a person of the organization may approve ${noun}`);
  if (isMaker || request.makers.includes(approver.personId))
    return new ApiError(
      'forbidden',
      makerMessage ??
        `approval rules: ${noun} must be approved by someone other than its makers (a key counts as the user who created it)`,
      { code: makerCode },
    );
  if (grants.some((grant) => grant.personId === approver.personId))
    return new ApiError(
      'conflict',
      `You have already approved ${noun}: someone else must fill the next slot`,
      {
        code: 'already_approved',
      },
    );
  const open = openSlots(request, grants).findIndex((left) => left > 0);
  const stage = request.stages[open];
  if (stage && !mayFill(stage, approver))
    return new ApiError(
      'forbidden',
      `You may not approve at the stage "${stage.name}": it needs ${stage.user_ids ? 'one of the people it names' : `an ${stage.role ?? 'approver'}`}`,
      { code: 'not_an_eligible_approver' },
    );
  return null;
}

function nounOf(object: ApprovalObject): string {
  return object === 'batch'
    ? 'this batch'
    : object === 'withdrawal'
      ? 'this withdrawal'
      : object === 'wallet'
        ? 'this wallet'
        : 'this rule change';
}

export interface RecordApprovalInput {
  orgId: string;
  object: ApprovalObject;
  objectId: string;
  approver: ApproverRef;
  at: Date;
  /** The digest the approver reviewed (batches: required by the caller's operation); compared when the request has one. */
  approvalDigest?: string;
  /** Whether the approver is a maker by the object's own reckoning (a batch's live makers), beside the ones stored. */
  isMaker?: boolean;
  makerCode: 'separate_confirmer_required' | 'separate_approver_required';
  /** The maker's refusal in the object's own words (today's clients read the policy's sentence). */
  makerMessage?: string;
}

export interface ApprovalProgress {
  approval: ApprovalWire;
  /** True when this approval filled the last open slot: the object is approved. */
  complete: boolean;
  approver: Approver;
}

/**
 * Fills one slot of the first open stage with this person's approval, under the request's row lock (so twenty
 * approvers at once fill at most the slots there are, and exactly one of them completes it). Refusals in this order:
 * not waiting for approval, digest changed, a maker, already approved, not eligible for the open stage.
 */
export async function recordApproval(tx: Executor, input: RecordApprovalInput): Promise<ApprovalProgress> {
  const request = await findRequest(tx, input.orgId, input.object, input.objectId, true);
  if (!request)
    throw new ApiError('conflict', `No approval is required for ${nounOf(input.object)}`, {
      code: 'invalid_state',
    });
  if (request.status !== 'pending')
    throw new ApiError(
      'conflict',
      `The approval of ${nounOf(input.object)} is ${request.status}, not pending`,
      {
        code: 'invalid_state',
      },
    );
  if (
    request.approvalDigest !== null &&
    input.approvalDigest !== undefined &&
    input.approvalDigest !== request.approvalDigest
  )
    throw new ApiError('review_outdated', `${capital(nounOf(input.object))} changed since it was reviewed`, {
      code: 'review_outdated',
    });
  const grants = await grantsOf(tx, request.id);
  const approver = await resolveApprover(tx, input.approver);
  const refused = refusal(
    request,
    grants,
    approver,
    input.isMaker ?? false,
    input.makerCode,
    input.makerMessage,
  );
  if (refused) throw refused;
  const open = openSlots(request, grants);
  const stageIndex = open.findIndex((left) => left > 0);
  await tx.insert(approvalGrants).values({
    orgId: input.orgId,
    requestId: request.id,
    stageIndex,
    personId: approver!.personId,
    userId: approver!.userId,
    apiKeyId: approver!.apiKeyId,
    name: approver!.name,
    createdAt: input.at,
  });
  const complete = open.every((left, index) => (index === stageIndex ? left - 1 : left) <= 0);
  const [updated] = await tx
    .update(approvalRequests)
    .set(
      complete ? { status: 'approved', decidedAt: input.at, updatedAt: input.at } : { updatedAt: input.at },
    )
    .where(eq(approvalRequests.id, request.id))
    .returning();
  return {
    approval: toApprovalWire(updated!, await grantsOf(tx, request.id)),
    complete,
    approver: approver!,
  };
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface ConfirmGate {
  /** True when this confirm is the last approval (recorded now): the object may be confirmed. */
  approvedNow: boolean;
  approval: ApprovalWire;
}

/**
 * Compatibility (DESIGN "Approvals"): a confirm by a person who may fill the last open slot is that approval. No
 * request or an approved one lets the confirm through; a maker is refused as today's policy did; 409
 * `approval_required` only when more is missing than the caller can give.
 */
export async function approveByConfirm(
  tx: Executor,
  input: Omit<RecordApprovalInput, 'approvalDigest'>,
): Promise<ConfirmGate> {
  const request = await findRequest(tx, input.orgId, input.object, input.objectId, true);
  if (!request || request.status === 'approved')
    return {
      approvedNow: false,
      approval: request ? toApprovalWire(request, await grantsOf(tx, request.id)) : NOT_REQUIRED,
    };
  if (request.status === 'rejected')
    throw new ApiError(
      'conflict',
      `The approval of ${nounOf(input.object)} was rejected: re-quote it to ask for approval again`,
      { code: 'invalid_state' },
    );
  const grants = await grantsOf(tx, request.id);
  const missing = openSlots(request, grants).reduce((sum, left) => sum + Math.max(left, 0), 0);
  const approver = await resolveApprover(tx, input.approver);
  const refused = refusal(
    request,
    grants,
    approver,
    input.isMaker ?? false,
    input.makerCode,
    input.makerMessage,
  );
  // A maker learns the rule that stops them, as today's policy told them; anyone else missing more than one slot learns
  // how much is missing.
  if (refused && refused.code === input.makerCode) throw refused;
  if (missing > 1 || refused) {
    const open = openSlots(request, grants);
    const detail = request.stages
      .map((stage, index) => ({ stage, left: open[index]! }))
      .filter(({ left }) => left > 0)
      .map(({ stage, left }) => `stage "${stage.name}": ${left} of ${stage.required} left`)
      .join(', ');
    throw new ApiError(
      'conflict',
      `${capital(nounOf(input.object))} needs ${missing} more approval${missing === 1 ? '' : 's'} (${detail}) before it can be confirmed`,
      { code: 'approval_required' },
    );
  }
  const progress = await recordApproval(tx, input);
  return { approvedNow: progress.complete, approval: progress.approval };
}

/** A rejecter's name: the user's, or a key's creator's (a key counts as that person), else the key's own. */
async function nameOf(tx: Executor, by: { userId: string | null; apiKeyId: string | null }): Promise<string> {
  if (by.apiKeyId) {
    const [key] = await tx
      .select({ keyName: apiKeys.name, creatorName: users.name })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
      .where(eq(apiKeys.id, by.apiKeyId));
    return key?.creatorName ?? key?.keyName ?? '';
  }
  if (!by.userId) return '';
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, by.userId));
  return user?.name ?? '';
}

/** Rejects the pending approval with a reason: the object's area then undoes or ends what waited. */
export async function rejectApproval(
  tx: Executor,
  input: {
    orgId: string;
    object: ApprovalObject;
    objectId: string;
    /** Who rejects: a signed-in person, or (a batch's reject) an API key. */
    by: { userId: string | null; apiKeyId: string | null };
    reason: string;
    at: Date;
  },
): Promise<ApprovalWire> {
  const request = await findRequest(tx, input.orgId, input.object, input.objectId, true);
  if (request?.status !== 'pending')
    throw new ApiError('conflict', `${capital(nounOf(input.object))} is not waiting for approval`, {
      code: 'invalid_state',
    });
  const [updated] = await tx
    .update(approvalRequests)
    .set({
      status: 'rejected',
      rejectedByUserId: input.by.apiKeyId ? null : input.by.userId,
      rejectedByApiKeyId: input.by.apiKeyId,
      rejectedByName: await nameOf(tx, input.by),
      rejectedAt: input.at,
      rejectionReason: input.reason,
      decidedAt: input.at,
      updatedAt: input.at,
    })
    .where(eq(approvalRequests.id, request.id))
    .returning();
  return toApprovalWire(updated!, await grantsOf(tx, request.id));
}

/**
 * What the approvals bind changed (a batch's orders, amounts or a party's details): the approvals given are cleared
 * and the request carries the new digest. Returns whether any approval was cleared.
 */
export async function approvalDigestChanged(
  tx: Executor,
  input: { orgId: string; object: ApprovalObject; objectId: string; approvalDigest: string; at: Date },
): Promise<boolean> {
  const request = await findRequest(tx, input.orgId, input.object, input.objectId, true);
  if (request?.status !== 'pending' || request.approvalDigest === input.approvalDigest) return false;
  const cleared = await tx
    .delete(approvalGrants)
    .where(eq(approvalGrants.requestId, request.id))
    .returning({ id: approvalGrants.id });
  await tx
    .update(approvalRequests)
    .set({ approvalDigest: input.approvalDigest, updatedAt: input.at })
    .where(eq(approvalRequests.id, request.id));
  return cleared.length > 0;
}
