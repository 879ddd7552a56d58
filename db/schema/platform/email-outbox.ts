// Owns the sandbox email outbox: every message the sandbox email adapter "sends", for the portal to show.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_KINDS, type EmailKind } from '@/lib/sandbox/contract/enums';
import { createdAt, id, oneOf } from '../_columns';
import { optionalOrgId } from '../_org-id';
import { users } from '../identity/users';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { EMAIL_KINDS, type EmailKind } from '@/lib/sandbox/contract/enums';

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    /** The organization the message is about (an invitation, a notice); null for a password reset. */
    orgId: optionalOrgId('cascade'),
    /** The recipient when they already have an account; an invitee has none yet. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text().notNull(),
    kind: text().$type<EmailKind>().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('email_outbox_kind_valid', t.kind, EMAIL_KINDS),
    index('email_outbox_org_created_idx').on(t.orgId, t.createdAt),
    index('email_outbox_user_created_idx').on(t.userId, t.createdAt),
  ],
);
