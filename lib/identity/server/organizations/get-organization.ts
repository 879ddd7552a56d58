// Owns reading the caller's organization with its product entitlements.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizationEntitlements, organizations } from '@/db/schema/identity/organizations';
import type { OrganizationWire } from '@/lib/identity/contract/organizations-schemas';
import { ApiError } from '@/lib/platform/errors/api-error';

export async function getOrganization(executor: Executor, orgId: string): Promise<OrganizationWire> {
  const [organization] = await executor.select().from(organizations).where(eq(organizations.id, orgId));
  if (!organization) throw ApiError.notFound('Organization');
  const entitlements = await executor
    .select({ entitlement: organizationEntitlements.entitlement })
    .from(organizationEntitlements)
    .where(eq(organizationEntitlements.orgId, orgId))
    .orderBy(asc(organizationEntitlements.entitlement));
  return {
    id: organization.id,
    name: organization.name,
    legal_name: organization.legalName,
    country: organization.country,
    status: organization.status,
    entitlements: entitlements.map((row) => row.entitlement),
    created_at: organization.createdAt.toISOString(),
    updated_at: organization.updatedAt.toISOString(),
  };
}
