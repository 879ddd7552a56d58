// Owns what a server-rendered page knows of who is signed in, typed for the portal shell (browser-safe: no session code).
import type { OrgRole, StaffRole } from '@/lib/platform/actor/roles';

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  staffRole: StaffRole | null;
  /** Every staff role the person holds (empty for client users): what the console shows them. */
  staffRoles: readonly StaffRole[];
  organization: { id: string; name: string; role: OrgRole } | null;
  /** A support user's active read-only view: the portal shows that organization, as its admin, read-only. */
  view: { id: string; reason: string; expiresAt: string } | null;
}

/** An organization the signed-in user belongs to, for the organization switcher. */
export interface UserMembership {
  orgId: string;
  orgName: string;
  role: OrgRole;
}
