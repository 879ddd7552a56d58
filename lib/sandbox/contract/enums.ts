// Owns the enumerations of the email outbox shared by the table, the wire schemas and the portal (no drizzle, no db/).

export const EMAIL_KINDS = ['invitation', 'password_reset', 'notice'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
