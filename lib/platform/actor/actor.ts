// Owns the actor: who a request acts as, resolved once per request by the HTTP wrapper.

import type { Entitlement } from '@/lib/platform/actor/entitlements';
import type { OrgRole, StaffRole } from '@/lib/platform/actor/roles';

export interface Impersonation {
  sessionId: string;
  staffUserId: string;
  reason: string;
  expiresAt: Date;
}

/**
 * Who a request comes from, as authentication resolved it. A staff user outside a "view as" acts for no
 * organization (`orgId` null); the wrapper decides, from the operation's audience, whether that will do.
 */
export interface Principal {
  via: 'api_key' | 'session';
  /** The organization acted for: the key's, the session's active one, or the one a support view looks at. */
  orgId: string | null;
  role: OrgRole | null;
  userId?: string;
  apiKeyId?: string;
  /**
   * The person behind the request, for maker-checker (DESIGN "Maker-checker counts people"): a session's user; for an
   * API key the user who created it, or the key itself when no user did (CLI, fixtures) — so two keys of one user,
   * or an admin and the key they made, are one person.
   */
  personId?: string;
  /** The server-side session row (browser sessions only). */
  sessionId?: string;
  /** Set for the provider's staff (their primary role); null for client users and keys. */
  staffRole?: StaffRole | null;
  /** Every staff role the person holds (several may be); empty for client users and keys. */
  staffRoles?: readonly StaffRole[];
  /** Set when a support user views the organization: reads as its admin, read-only. */
  impersonation?: Impersonation;
  entitlements: readonly Entitlement[];
}

/** The actor of an `org` operation: always acting for one organization with a role in it. */
export interface Actor extends Principal {
  orgId: string;
  role: OrgRole;
}

/** The actor of a `user` operation: a signed-in person, whatever organization is active. */
export interface UserActor extends Principal {
  via: 'session';
  userId: string;
  sessionId: string;
}

/** The actor of a `staff` operation. */
export interface StaffActor extends UserActor {
  staffRole: StaffRole;
  staffRoles: readonly StaffRole[];
}
