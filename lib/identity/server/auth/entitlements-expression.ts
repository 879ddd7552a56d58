// Owns reading an organization's products inside an authentication statement: one scalar subquery, so the
// entitlements arrive in the same round trip as the key or session they belong to.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type Entitlement, organizationEntitlements } from '@/db/schema/identity/organizations';

/** The entitlements of the organization `orgId` names, sorted; none (not null) when it has none or is null. */
export function entitlementsOf(orgId: AnyColumn | SQL | SQL.Aliased): SQL<Entitlement[]> {
  const e = organizationEntitlements;
  return sql<Entitlement[]>`coalesce((select array_agg(${e.entitlement} order by ${e.entitlement})
    from ${e} where ${e.orgId} = ${orgId}), '{}')`;
}
