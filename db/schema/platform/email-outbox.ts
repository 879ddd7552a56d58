// Owns the email outbox: every message the email adapter sends, written in the transaction that decides to send it.
// The sandbox simulation stops there (the portal shows its rows); the SMTP adapter's job delivers from it.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  EMAIL_KINDS,
  EMAIL_RESOLUTIONS,
  EMAIL_STATES,
  EMAIL_TRANSPORTS,
  type EmailKind,
  type EmailResolution,
  type EmailState,
  type EmailTransport,
} from '@/lib/platform/enums';
import { createdAt, id, oneOf, timestampMs } from '../_columns';
import { optionalOrgId } from '../_org-id';
import { users } from '../identity/users';

// Server code may keep importing the enums from here; browser-safe modules import lib/platform/enums.
export {
  EMAIL_KINDS,
  EMAIL_STATES,
  type EmailKind,
  type EmailState,
  type EmailTransport,
} from '@/lib/platform/enums';

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
    /** Null once purged: a sent message's links (invitations, resets) are credentials the outbox need not keep. */
    textBody: text(),
    htmlBody: text(),
    /** Rows written before the SMTP adapter existed were the sandbox's, already "sent" by the simulation. */
    transport: text().$type<EmailTransport>().notNull().default('sandbox'),
    state: text().$type<EmailState>().notNull().default('sent'),
    /** Delivery attempts made (each claim `queued → sending` counts one). */
    attempts: integer().notNull().default(0),
    /** The last failure as the mail server or the network told it, never with credentials. */
    lastError: text(),
    /** The server's answer to the message (its queue id), once accepted. */
    providerMessageId: text(),
    /** When the current attempt claimed the row: a `sending` row older than the timeout was left by a crashed worker. */
    claimedAt: timestampMs('claimed_at'),
    sentAt: timestampMs('sent_at'),
    /** Staff closed a failed/unknown row: sent again (a fresh copy, `resent_as`) or marked resolved. */
    resolution: text().$type<EmailResolution>(),
    resolvedAt: timestampMs('resolved_at'),
    resolvedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    resentAsId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('email_outbox_kind_valid', t.kind, EMAIL_KINDS),
    oneOf('email_outbox_state_valid', t.state, EMAIL_STATES),
    oneOf('email_outbox_transport_valid', t.transport, EMAIL_TRANSPORTS),
    // Null passes a CHECK: an open row has no resolution.
    oneOf('email_outbox_resolution_valid', t.resolution, EMAIL_RESOLUTIONS),
    index('email_outbox_org_created_idx').on(t.orgId, t.createdAt),
    index('email_outbox_user_created_idx').on(t.userId, t.createdAt),
    // The staff list: failed or unknown rows nobody has resolved yet.
    index('email_outbox_needs_staff_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('failed', 'unknown') and ${t.resolvedAt} is null`),
  ],
);
