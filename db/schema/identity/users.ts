// Owns people: users, their organization memberships and roles, invitations, and provider staff roles.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ORG_ROLES, type OrgRole, STAFF_ROLES, type StaffRole } from '@/lib/platform/actor/roles';
import { createdAt, id, oneOf, timestampMs, updatedAt } from '../_columns';
import { orgId } from '../_org-id';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { ORG_ROLES, type OrgRole, STAFF_ROLES, type StaffRole } from '@/lib/platform/actor/roles';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased; the unique index makes sign-in case-insensitive. */
    email: text().notNull(),
    name: text().notNull(),
    /** scrypt hash with its parameters and salt (see lib/identity/server/auth/password-hash.ts). */
    passwordHash: text().notNull(),
    /** Set only for the provider's own staff (their primary role, shown beside their name); null for client users. */
    staffRole: text().$type<StaffRole>(),
    /** Every staff role the person holds, the primary one included; empty for client users. */
    staffRoles: text().array().$type<StaffRole[]>().notNull().default(sql`'{}'::text[]`),
    disabledAt: timestampMs('disabled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    oneOf('users_staff_role_valid', t.staffRole, STAFF_ROLES),
    check(
      'users_staff_roles_valid',
      sql`${t.staffRoles} <@ array[${sql.raw(STAFF_ROLES.map((role) => `'${role}'`).join(', '))}]::text[]`,
    ),
    // The primary role is one of the roles held, and a person holds roles exactly when they have a primary one.
    check(
      'users_staff_role_held',
      sql`(${t.staffRole} is null and cardinality(${t.staffRoles}) = 0) or ${t.staffRole} = any(${t.staffRoles})`,
    ),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    index('users_staff_idx').on(t.staffRole),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    orgId: orgId('cascade'),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().$type<OrgRole>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('memberships_org_user_key').on(t.orgId, t.userId),
    index('memberships_user_idx').on(t.userId),
    oneOf('memberships_role_valid', t.role, ORG_ROLES),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    orgId: orgId('cascade'),
    email: text().notNull(),
    role: text().$type<OrgRole>().notNull(),
    /** SHA-256 of the invitation token; the token itself is only ever in the invitation link. */
    tokenHash: text().notNull(),
    invitedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestampMs('expires_at').notNull(),
    acceptedAt: timestampMs('accepted_at'),
    revokedAt: timestampMs('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_org_created_idx').on(t.orgId, t.createdAt, t.id),
    oneOf('invitations_role_valid', t.role, ORG_ROLES),
  ],
);
