// Owns opening a client organization: the row, its entitlements, its ledger accounts and a funding address per chain.
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { chains } from '@/db/schema/chains';
import { fundingAddresses } from '@/db/schema/funding';
import {
  ENTITLEMENTS,
  type Entitlement,
  organizationEntitlements,
  organizations,
} from '@/db/schema/organizations';
import { sandboxAddress } from '@/lib/chains/addresses';
import { recordEvent } from '@/lib/events/record-event';
import { ensureOrgAccounts } from '@/lib/ledger/accounts';

export interface CreateOrganizationInput {
  name: string;
  legalName?: string;
  country?: string;
  /** Products it may use; every product unless given. */
  entitlements?: readonly Entitlement[];
}

export interface CreatedOrganization {
  id: string;
  name: string;
}

/**
 * Everything an organization needs before its first request, in one transaction. Funding addresses are
 * sandbox addresses of the right format; a live custody adapter will allocate real ones.
 */
export async function createOrganization(
  executor: Executor,
  input: CreateOrganizationInput,
): Promise<CreatedOrganization> {
  return executor.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({ name: input.name, legalName: input.legalName ?? input.name, country: input.country ?? null })
      .returning({ id: organizations.id, name: organizations.name });
    const orgId = organization!.id;
    const entitlements = input.entitlements ?? ENTITLEMENTS;
    if (entitlements.length > 0) {
      await tx
        .insert(organizationEntitlements)
        .values(entitlements.map((entitlement) => ({ orgId, entitlement })));
    }
    await ensureOrgAccounts(tx, orgId);
    const activeChains = await tx.select().from(chains).where(eq(chains.status, 'active'));
    if (activeChains.length > 0) {
      await tx.insert(fundingAddresses).values(
        activeChains.map((chain) => ({
          orgId,
          chainId: chain.id,
          address: sandboxAddress(chain.addressFormat),
        })),
      );
    }
    await recordEvent(tx, {
      orgId,
      type: 'organization.created',
      actorType: 'system',
      actorId: null,
      subjectType: 'organization',
      subjectId: orgId,
      data: { name: input.name, entitlements },
    });
    return { id: orgId, name: organization!.name };
  });
}
