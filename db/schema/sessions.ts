// Owns server-side browser sessions and support staff's read-only "view as organization" sessions.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampMs } from './_columns';
import { orgId } from './_org-id';
import { organizations } from './organizations';
import { users } from './users';

/** One row per signed-in browser; its id is in the next-auth JWT and is checked on every request. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The organization the user is acting in (users with several memberships pick one). */
    activeOrgId: uuid().references(() => organizations.id, { onDelete: 'set null' }),
    userAgent: text(),
    ipAddress: text(),
    createdAt: createdAt(),
    lastSeenAt: timestampMs('last_seen_at').notNull().defaultNow(),
    expiresAt: timestampMs('expires_at').notNull(),
    revokedAt: timestampMs('revoked_at'),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.createdAt)],
);

/** A support user viewing one organization read-only; time-limited and audited. */
export const impersonationSessions = pgTable(
  'impersonation_sessions',
  {
    id: id(),
    staffUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    userSessionId: uuid()
      .notNull()
      .references(() => userSessions.id, { onDelete: 'cascade' }),
    orgId: orgId(),
    /** Mandatory ticket reference or explanation, shown in the banner and to the organization's admins. */
    reason: text().notNull(),
    startedAt: timestampMs('started_at').notNull().defaultNow(),
    expiresAt: timestampMs('expires_at').notNull(),
    endedAt: timestampMs('ended_at'),
    /** `exited`, `expired` or `signed_out`. */
    endReason: text(),
  },
  (t) => [
    index('impersonation_sessions_org_idx').on(t.orgId, t.startedAt, t.id),
    index('impersonation_sessions_session_idx').on(t.userSessionId),
  ],
);
