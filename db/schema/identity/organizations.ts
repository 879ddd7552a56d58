// Owns client organizations and their product entitlements.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ORGANIZATION_STATUSES, type OrganizationStatus } from '@/lib/identity/contract/organizations-enums';
import { ENTITLEMENTS, type Entitlement } from '@/lib/platform/actor/entitlements';
import { amount, createdAt, id, oneOf, timestampMs, updatedAt } from '../_columns';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { ORGANIZATION_STATUSES, type OrganizationStatus } from '@/lib/identity/contract/organizations-enums';
export { ENTITLEMENTS, type Entitlement } from '@/lib/platform/actor/entitlements';

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text().notNull(),
    legalName: text(),
    /** ISO 3166-1 alpha-2 country of incorporation. */
    country: text(),
    status: text().$type<OrganizationStatus>().notNull().default('active'),
    /**
     * The organization's sandbox clock: business deadlines read real time plus this many seconds (lib/platform/clock.ts).
     * Only moves forward, and only in sandbox mode; always 0 in production.
     */
    sandboxClockOffsetSeconds: bigint({ mode: 'number' }).notNull().default(0),
    lowBalanceThresholdUsdt: amount('low_balance_threshold_usdt'),
    /**
     * Confirm must carry the `review_digest` the confirmer saw. On for organizations created from the approvals release
     * (the column's default); the migration that added it turned it off for every organization that existed before, so
     * their clients keep confirming as they did.
     */
    requireReviewDigest: boolean('require_review_digest').notNull().default(true),
    /** How far (in percent) `source_amount_total` may move when the last approval confirms at the current quote. */
    requoteTolerancePercent: numeric('requote_tolerance_percent', { precision: 5, scale: 2 })
      .notNull()
      .default('1'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('organizations_status_valid', t.status, ORGANIZATION_STATUSES),
    check('organizations_sandbox_clock_forward', sql`${t.sandboxClockOffsetSeconds} >= 0`),
    check(
      'organizations_requote_tolerance_range',
      sql`${t.requoteTolerancePercent} >= 0 and ${t.requoteTolerancePercent} <= 100`,
    ),
    index('organizations_name_idx').on(t.name),
  ],
);

export const organizationEntitlements = pgTable(
  'organization_entitlements',
  {
    orgId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    entitlement: text().$type<Entitlement>().notNull(),
    grantedAt: timestampMs('granted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.entitlement] }),
    oneOf('organization_entitlements_valid', t.entitlement, ENTITLEMENTS),
  ],
);
