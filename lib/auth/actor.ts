// Owns the actor: who a request acts as, resolved once per request by the HTTP wrapper.

import type { Entitlement } from '@/db/schema/organizations';
import type { OrgRole } from '@/db/schema/users';

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
