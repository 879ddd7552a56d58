// Owns the enumerations of funding shared by the tables, the wire schemas and the portal (no drizzle, no db/).

export const DEPOSIT_STATUSES = ['credited'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
