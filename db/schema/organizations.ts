// Owns client organizations and their product entitlements.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, timestampMs, updatedAt } from './_columns';

export const ORGANIZATION_STATUSES = ['active', 'suspended'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

/** Products an organization may be entitled to; a route of another product answers 403. */
export const ENTITLEMENTS = ['payouts', 'liquidity_management', 'liquidity_utilization'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];

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
     * The organization's sandbox clock: business deadlines read real time plus this many seconds (lib/clock.ts).
     * Only moves forward, and only in sandbox mode; always 0 in production.
     */
    sandboxClockOffsetSeconds: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('organizations_status_valid', t.status, ORGANIZATION_STATUSES),
    check('organizations_sandbox_clock_forward', sql`${t.sandboxClockOffsetSeconds} >= 0`),
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
