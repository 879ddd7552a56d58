// Owns the organization foreign key that scopes every client table (its own module: organizations.ts uses _columns.ts).
import { uuid } from 'drizzle-orm/pg-core';
import { organizations } from './identity/organizations';

type OnDelete = 'restrict' | 'cascade';

/**
 * `org_id uuid not null references organizations(id)`. Restrict by default: money, profiles and audit rows
 * must never vanish with an organization; cascade only for what is meaningless without it (keys, sessions).
 */
export const orgId = (onDelete: OnDelete = 'restrict') =>
  uuid()
    .notNull()
    .references(() => organizations.id, { onDelete });

/** For rows that may belong to no organization (system ledger accounts, platform events). */
export const optionalOrgId = (onDelete: OnDelete = 'restrict') =>
  uuid().references(() => organizations.id, { onDelete });
