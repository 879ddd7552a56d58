// Owns who is told about an approval (DESIGN "Approvals", "Notifications"), as functions over the `approval` shape the
// approvals engine puts on batches, withdrawals and wallets: the people who can fill the open stage when one is
// requested, the makers when it is decided, every approver when the rules are about to change. Pure: the caller
// passes the organization's members, so the same rules serve the fan-out and its tests.
import { type OrgRole, roleAtLeast } from '@/lib/platform/actor/roles';

export type Eligible = { role: OrgRole } | { user_ids: readonly string[] };

export interface ApprovalStage {
  name: string;
  required: number;
  eligible: Eligible;
  approvals: readonly { user_id: string }[];
}

export interface Approval {
  status: 'not_required' | 'pending' | 'approved' | 'rejected';
  stages: readonly ApprovalStage[];
}

/** A maker as resources carry it: the person it counts as is `user_id` (null: a key no user created). */
export interface Maker {
  user_id: string | null;
}

export interface Member {
  userId: string;
  role: OrgRole;
}

/** The first stage still short of approvals, in order; null when every stage is full. */
export function openStage(approval: Approval): ApprovalStage | null {
  return approval.stages.find((stage) => stage.approvals.length < stage.required) ?? null;
}

function eligibleFor(stage: ApprovalStage, member: Member): boolean {
  return 'role' in stage.eligible
    ? roleAtLeast(member.role, stage.eligible.role)
    : stage.eligible.user_ids.includes(member.userId);
}

const makerIds = (makers: readonly Maker[]) =>
  new Set(makers.flatMap((maker) => (maker.user_id ? [maker.user_id] : [])));

/**
 * Approval requested: the members who can fill the open stage — eligible for it, not a maker (makers never approve),
 * and not already an approver of any stage (one person fills one slot across stages). Nobody while none is open.
 */
export function approvalRequestedRecipients(
  approval: Approval,
  members: readonly Member[],
  makers: readonly Maker[],
): string[] {
  if (approval.status !== 'pending') return [];
  const stage = openStage(approval);
  if (!stage) return [];
  const excluded = makerIds(makers);
  for (const given of approval.stages.flatMap((s) => s.approvals)) excluded.add(given.user_id);
  return members
    .filter((member) => !excluded.has(member.userId) && eligibleFor(stage, member))
    .map((member) => member.userId);
}

/** Approved or rejected (with its reason): the makers, each person once; a key no user created is nobody to tell. */
export function approvalDecidedRecipients(makers: readonly Maker[]): string[] {
  return [...makerIds(makers)];
}

/** A pending change of the approval rules: every approver of the organization (approvers and admins), but its author. */
export function ruleChangeRecipients(members: readonly Member[], authorUserId: string | null): string[] {
  return members
    .filter((member) => roleAtLeast(member.role, 'approver') && member.userId !== authorUserId)
    .map((member) => member.userId);
}
