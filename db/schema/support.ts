// Owns support staff's read-only "view as organization" sessions and the record of every staff read of an
// organization's data.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestampMs } from './_columns';
import { orgId } from './_org-id';
import { userSessions } from './identity/sessions';
import { users } from './identity/users';

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
    // One open view per staff session, enforced by the database: concurrent starts cannot open two (a check
    // then insert in the service alone let six racing requests open three).
    uniqueIndex('impersonation_sessions_one_open_key').on(t.userSessionId).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * One row per staff read of an organization's data (a request inside a view, a review profile or document, the
 * console's organization detail), written in the transaction that reads the data: no row, no data. Real time.
 */
export const staffReads = pgTable(
  'staff_reads',
  {
    id: id(),
    orgId: orgId(),
    staffUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The view the read was made in; null for console reads outside a view (review queue, directory). */
    viewId: uuid().references(() => impersonationSessions.id, { onDelete: 'restrict' }),
    /** The API operation id (`getFundingBalance`, `getReviewProfile`). */
    operation: text().notNull(),
    method: text().notNull(),
    /** What was read: the request path, or `sender/<id>` / `file/<id>` for the console's reads. */
    resource: text().notNull(),
    requestId: text(),
    createdAt: timestampMs('created_at').notNull(),
  },
  (t) => [index('staff_reads_org_idx').on(t.orgId, t.createdAt, t.id)],
);
