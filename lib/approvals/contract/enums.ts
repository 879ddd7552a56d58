// Owns the enumerations of approvals shared by the tables, the wire schemas and the portal (no drizzle, no db/).
import type { OrgRole } from '@/lib/platform/actor/roles';

/** What a rule governs (DESIGN "Rules"): payout batches, withdrawals, new or changed wallets, and the rules themselves. */
export const APPROVAL_OBJECTS = ['batch', 'withdrawal', 'wallet', 'approval_rules'] as const;
export type ApprovalObject = (typeof APPROVAL_OBJECTS)[number];

/** Where a batch came from: the portal's form, the portal's CSV import, or the API (keys are always `api`). */
export const BATCH_SOURCES = ['portal', 'csv', 'api'] as const;
export type BatchSource = (typeof BATCH_SOURCES)[number];

/** An object's approval: `not_required` when no rule matched it. */
export const APPROVAL_STATUSES = ['not_required', 'pending', 'approved', 'rejected'] as const;

/** The roles a stage may name: an approver or an admin (admins include approvers). */
export const STAGE_ROLES = ['approver', 'admin'] as const;
export type StageRole = (typeof STAGE_ROLES)[number];

/** Who may fill a stage that names a role: that role and the ones above it (an admin may do what an approver may). */
export const STAGE_ROLE_HOLDERS: Record<StageRole, readonly OrgRole[]> = {
  approver: ['approver', 'admin'],
  admin: ['admin'],
};

/** Who made a rule: an admin, or today's approval policy carried over (and edited through `/approval-policy`). */
export const RULE_ORIGINS = ['rules', 'policy'] as const;
export type RuleOrigin = (typeof RULE_ORIGINS)[number];
