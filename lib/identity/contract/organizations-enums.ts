// Owns the enumerations of organizations shared by the tables, the wire schemas and the portal (no drizzle, no db/).

export const ORGANIZATION_STATUSES = ['active', 'suspended'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];
