// Owns the enumerations of api keys shared by the tables, the wire schemas and the portal (no drizzle, no db/).

/** API keys act as member or approver, never admin (admin work needs a person). */
export const API_KEY_ROLES = ['member', 'approver'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];
