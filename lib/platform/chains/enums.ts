// Owns the enumerations of chains shared by the tables, the wire schemas and the portal (no drizzle, no db/).

export const CHAIN_STATUSES = ['active', 'disabled'] as const;
export type ChainStatus = (typeof CHAIN_STATUSES)[number];
