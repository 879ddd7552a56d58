// Owns the enumerations of users shared by the tables, the wire schemas and the portal (no drizzle, no db/).

/** Organization roles, each including the one before. */
export const ORG_ROLES = ['member', 'approver', 'admin'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

/**
 * Provider staff belong to no client organization. A person may hold several staff roles: `support` and
 * `support_lead` run the console (a lead may do what support may), `operations` runs the payouts desk and custody
 * records, `treasury` publishes rate sheets.
 */
export const STAFF_ROLES = ['support', 'support_lead', 'operations', 'treasury'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Roles include the ones before them: an admin may do what an approver may (the order of ORG_ROLES). */
export function roleAtLeast(role: OrgRole, required: OrgRole): boolean {
  return ORG_ROLES.indexOf(role) >= ORG_ROLES.indexOf(required);
}

/** How the console names a staff role beside a person's name. */
export function staffRoleLabel(role: StaffRole): string {
  return role === 'support_lead' ? 'support lead' : role;
}

/** What a staff operation accepts when it declares nothing: the support console's people. */
export const DEFAULT_STAFF_ROLES: readonly StaffRole[] = ['support'];

/** Whether every staff member may call an operation accepting `accepted` (the console's own shell). */
export function acceptsEveryStaffRole(accepted: readonly StaffRole[]): boolean {
  return STAFF_ROLES.every((role) => holdsStaffRole([role], accepted));
}

/** Whether a person holding `held` has one of the `accepted` staff roles; `support_lead` includes `support`. */
export function holdsStaffRole(held: readonly StaffRole[], accepted: readonly StaffRole[]): boolean {
  return accepted.some(
    (role) => held.includes(role) || (role === 'support' && held.includes('support_lead')),
  );
}
