// Owns the enumerations of events shared by the tables, the wire schemas and the portal (no drizzle, no db/).

export const ACTOR_TYPES = ['api_key', 'user', 'staff', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];
