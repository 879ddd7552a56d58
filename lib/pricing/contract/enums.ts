// Owns the enumerations of quotes shared by the tables, the wire schemas and the portal (no drizzle, no db/).

/** Upper case, as the spec's Corridor filter (`status=ACTIVE`) shows. */
export const CORRIDOR_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type CorridorStatus = (typeof CORRIDOR_STATUSES)[number];
