// Owns the enumerations of organizations shared by the tables, the wire schemas and the portal (no drizzle, no db/).

export const ORGANIZATION_STATUSES = ['active', 'suspended'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

/** Products an organization may be entitled to; a route of another product is `forbidden`. */
export const ENTITLEMENTS = ['payouts', 'liquidity_management', 'liquidity_utilization'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];
