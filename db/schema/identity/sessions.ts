// Owns server-side browser sessions: one row per signed-in browser.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestampMs } from '../_columns';
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
