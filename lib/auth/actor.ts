// Owns the actor: who a request acts as, resolved once per request by the HTTP wrapper.

import type { Entitlement } from '@/lib/enums/organizations';
import type { OrgRole } from '@/lib/enums/users';

export interface Impersonation {
  sessionId: string;
  staffUserId: string;
  reason: string;
  expiresAt: Date;
}

export interface Actor {
  orgId: string;
  role: OrgRole;
  via: 'api_key' | 'session';
  userId?: string;
  apiKeyId?: string;
  /** Set when a support user views the organization: read-only, role member. */
  impersonation?: Impersonation;
  entitlements: readonly Entitlement[];
}

const ROLE_RANK: Record<OrgRole, number> = { member: 0, approver: 1, admin: 2 };

/** Roles include the ones before them: an admin may do what an approver may. */
export function roleAtLeast(role: OrgRole, required: OrgRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[required];
}

/** How the audit trail names an actor. */
export function auditActor(actor: Actor): {
  actorType: 'api_key' | 'user' | 'staff';
  actorId: string | null;
} {
  if (actor.impersonation) return { actorType: 'staff', actorId: actor.impersonation.staffUserId };
  if (actor.via === 'api_key') return { actorType: 'api_key', actorId: actor.apiKeyId ?? null };
  return { actorType: 'user', actorId: actor.userId ?? null };
}
