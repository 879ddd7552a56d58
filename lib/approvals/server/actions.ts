// Owns what a caller may do next with an object that goes through approval, and why not (DESIGN "Approvals":
// `actions`): the one place the rules are read for a button, so neither the portal nor an integrator restates them.
// Each verdict follows the refusal its operation would give (the engine's order: not waiting, a maker, already
// approved, not eligible for the open stage); the object's own area supplies what only it knows (its state, its makers).
import type { Executor } from '@/db/client';
import type { ApprovalObject } from '@/lib/approvals/contract/enums';
import type { ACTION_NAMES, ApprovalWire } from '@/lib/approvals/contract/schemas';
import { roleAtLeast } from '@/lib/platform/actor/roles';
import { type Approver, type ApproverRef, mayFill, resolveApprover } from './people';

export type ActionName = (typeof ACTION_NAMES)[number];
export interface ActionWire {
  name: ActionName;
  allowed: boolean;
  reason: string | null;
}

/** The caller as actions see them: the person and role they approve with, and whether they may change anything. */
export interface ActionCaller {
  /** Null for someone who is no person of the organization (a staff member in a view, someone who left). */
  approver: Approver | null;
  /** A staff "view as" session: it reads as the organization's admin and may change nothing. */
  readOnly: boolean;
  /** Withdrawals and wallets are decided in a signed-in session only: an API key never decides them. */
  viaKey: boolean;
}

export const READ_ONLY = 'Read-only support view';

/** The caller of one request, resolved once (their role read now, as the engine reads it when they approve). */
export async function actionCaller(
  executor: Executor,
  actor: ApproverRef & { audit: { impersonationSessionId: string | null } },
): Promise<ActionCaller> {
  const readOnly = actor.audit.impersonationSessionId !== null;
  return {
    approver: readOnly ? null : await resolveApprover(executor, actor),
    readOnly,
    viaKey: actor.apiKeyId !== null,
  };
}

/** What only the object's own area knows about it. */
export interface ObjectState {
  /** Why the object no longer waits for any decision (a confirmed batch, a withdrawal sent on), or null. */
  closed: string | null;
  /** Whether the caller is one of its makers (a batch's live makers, a withdrawal's requester, a wallet's adder). */
  isMaker: boolean;
}

const MAKER: Record<ApprovalObject, string> = {
  batch: 'You made this batch',
  withdrawal: 'You asked for this withdrawal',
  wallet: 'You added this wallet',
  approval_rules: 'You asked for this change',
};

function notPending(approval: ApprovalWire): string | null {
  if (approval.status === 'pending') return null;
  if (approval.status === 'approved') return 'Already approved';
  if (approval.status === 'rejected') return 'Rejected';
  return 'No approval rule applies';
}

function missingSlots(approval: ApprovalWire): number {
  return approval.stages.reduce(
    (sum, stage) => sum + Math.max(stage.required - stage.approvals.length, 0),
    0,
  );
}

/** Why the caller may not change the object at all (read-only, closed, not a person, not an approver), or null. */
function gate(
  caller: ActionCaller,
  state: ObjectState,
  role: 'member' | 'approver' | 'admin' = 'approver',
  roleRefusal = role === 'admin' ? 'Only admins may do this' : 'Only approvers and admins may do this',
): string | null {
  if (caller.readOnly) return READ_ONLY;
  if (state.closed !== null) return state.closed;
  if (caller.approver === null) return 'Only a person of the organization may do this';
  if (!roleAtLeast(caller.approver.role, role)) return roleRefusal;
  return null;
}

/** Confirm's refusals say who can, as the batch page shows them beside its disabled Confirm. */
const CONFIRM_ROLE =
  'Only approvers and admins can confirm a batch: ask one of them to review and confirm it';
const CONFIRM_MAKER = 'You are a maker of this batch, so another approver confirms it';

/** Why the caller may not decide on the approval at all, approving or rejecting, or null: any approver but its makers. */
function rejectRefusal(
  object: ApprovalObject,
  approval: ApprovalWire,
  caller: ActionCaller,
  state: ObjectState,
): string | null {
  return gate(caller, state) ?? notPending(approval) ?? (state.isMaker ? MAKER[object] : null);
}

/** Why the caller may not fill the open slot of the approval, or null when they may. */
function approveRefusal(
  object: ApprovalObject,
  approval: ApprovalWire,
  caller: ActionCaller,
  state: ObjectState,
): string | null {
  const refused = rejectRefusal(object, approval, caller, state);
  if (refused !== null) return refused;
  const approver = caller.approver!;
  if (approval.stages.some((stage) => stage.approvals.some((given) => given.user_id === approver.personId)))
    return 'You have already approved';
  const open = approval.stages.find((stage) => stage.approvals.length < stage.required);
  if (open && !mayFill(open.eligible, approver)) return `Waiting for stage ${open.name}`;
  return null;
}

const verdict = (name: ActionName, reason: string | null): ActionWire => ({
  name,
  allowed: reason === null,
  reason,
});

/** A batch: approve, reject, confirm (the last approval, or no approval needed), cancel (discard), requote. */
export function batchActions(
  approval: ApprovalWire,
  caller: ActionCaller,
  state: ObjectState & { quoteExpired: boolean },
): ActionWire[] {
  const approve = approveRefusal('batch', approval, caller, state);
  let confirm = gate(caller, state, 'approver', CONFIRM_ROLE);
  if (confirm === null && approval.status === 'rejected')
    confirm = 'Rejected: a maker re-quotes it to ask for approval again';
  if (confirm === null && approval.status === 'pending') {
    const missing = missingSlots(approval);
    if (state.isMaker) confirm = CONFIRM_MAKER;
    else if (missing > 1) confirm = `Needs ${missing} more approvals first`;
    else confirm = approve;
  }
  if (confirm === null && state.quoteExpired) confirm = 'Quote expired: re-quote first';
  // Discarding and re-quoting a draft are open to every member of the organization.
  const draft = gate(caller, state, 'member');
  return [
    verdict('approve', approve),
    verdict('reject', rejectRefusal('batch', approval, caller, state)),
    verdict('confirm', confirm),
    verdict('cancel', draft),
    verdict('requote', draft),
  ];
}

const SESSION_ONLY = 'Sign in to decide: an API key never approves';

/** A withdrawal: approve, reject (another approver), cancel (its requester, through the reject operation). */
export function withdrawalActions(
  approval: ApprovalWire,
  caller: ActionCaller,
  state: ObjectState,
): ActionWire[] {
  const key = caller.readOnly || !caller.viaKey ? null : SESSION_ONLY;
  const cancel =
    gate(caller, state) ??
    notPending(approval) ??
    key ??
    (state.isMaker ? null : 'Only the person who asked for it may cancel it');
  return [
    verdict('approve', approveRefusal('withdrawal', approval, caller, state) ?? key),
    verdict('reject', rejectRefusal('withdrawal', approval, caller, state) ?? key),
    verdict('cancel', cancel),
  ];
}

/** A wallet added to the address book: approve, or reject (it leaves the book), by another approver. */
export function walletActions(
  approval: ApprovalWire,
  caller: ActionCaller,
  state: ObjectState,
): ActionWire[] {
  const key = caller.readOnly || !caller.viaKey ? null : SESSION_ONLY;
  return [
    verdict('approve', approveRefusal('wallet', approval, caller, state) ?? key),
    verdict('reject', rejectRefusal('wallet', approval, caller, state) ?? key),
  ];
}

/** A waiting rule change: approve (another admin or the `approval_rules` rules), cancel (any admin). */
export function ruleChangeActions(
  approval: ApprovalWire,
  caller: ActionCaller,
  state: ObjectState & { noticePeriod: boolean },
): ActionWire[] {
  const approve = state.noticePeriod
    ? (gate(caller, state) ?? 'Applies after its notice period: no approval is needed')
    : approveRefusal('approval_rules', approval, caller, state);
  return [verdict('approve', approve), verdict('cancel', gate(caller, state, 'admin'))];
}

/**
 * An inbox item: approve and reject from the approval alone (the inbox never reads the objects' areas: a batch's
 * quote and live makers are on the batch's own `actions`).
 */
export function inboxActions(
  object: ApprovalObject,
  approval: ApprovalWire,
  caller: ActionCaller,
  makers: readonly string[],
): ActionWire[] {
  const state: ObjectState = {
    closed: null,
    isMaker: caller.approver !== null && makers.includes(caller.approver.personId),
  };
  if (object === 'batch')
    return batchActions(approval, caller, { ...state, quoteExpired: false }).slice(0, 2);
  if (object === 'withdrawal') return withdrawalActions(approval, caller, state).slice(0, 2);
  if (object === 'wallet') return walletActions(approval, caller, state);
  return [
    verdict('approve', approveRefusal(object, approval, caller, state)),
    verdict('reject', gate(caller, state) ?? notPending(approval) ?? 'An admin cancels a change instead'),
  ];
}
