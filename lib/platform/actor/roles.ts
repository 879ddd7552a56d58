// Owns the enumerations of users shared by the tables, the wire schemas and the portal (no drizzle, no db/).

/** Organization roles, each including the one before. */
export const ORG_ROLES = ['member', 'approver', 'admin'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/** Provider staff belong to no client organization. */
export const STAFF_ROLES = ['support', 'support_lead'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Roles include the ones before them: an admin may do what an approver may (the order of ORG_ROLES). */
export function roleAtLeast(role: OrgRole, required: OrgRole): boolean {
  return ORG_ROLES.indexOf(role) >= ORG_ROLES.indexOf(required);
}

/** support_lead includes support. */
export function staffRoleAtLeast(role: StaffRole, required: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(required);
}
