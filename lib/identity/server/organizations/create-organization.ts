// Owns opening a client organization: the row, its entitlements, its ledger accounts and a funding address per chain
// (allocated here by sandbox custody; derived by funding's organization-created hook with EVM custody).
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { fundingAddresses } from '@/db/schema/funding';
import {
  ENTITLEMENTS,
  type Entitlement,
  organizationEntitlements,
  organizations,
} from '@/db/schema/identity/organizations';
import { chains } from '@/db/schema/platform/chains';
import { ensureOrgAccounts } from '@/lib/ledger/server';
import { custody } from '@/lib/platform/adapters/custody';
import { type AuditActor, SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { runOrganizationCreatedHooks } from './organization-created-hooks';

export interface CreateOrganizationInput {
  name: string;
  legalName?: string;
  country?: string;
  /**
   * Whether confirm must send the batch's review digest: on (the default) for every organization opened from the
   * approvals release (2.10.0); off only to open one that behaves as one opened before it (the demo's, test fixtures).
   */
  requireReviewDigest?: boolean;
  /** Products it may use; every product unless given. */
  entitlements?: readonly Entitlement[];
  /** Who opened it, for the audit log (a support lead in the console); the system (seed, bootstrap) otherwise. */
  actor?: AuditActor;
  requestId?: string;
}

export interface CreatedOrganization {
  id: string;
  name: string;
}

/**
 * Everything an organization needs before its first request, in one transaction. Funding addresses come from the
 * custody adapter (sandbox) or from the organization-created hooks (EVM custody).
 */
export async function createOrganization(
  executor: Executor,
  input: CreateOrganizationInput,
): Promise<CreatedOrganization> {
  return executor.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({
        name: input.name,
        legalName: input.legalName ?? input.name,
        country: input.country ?? null,
        ...(input.requireReviewDigest === undefined
          ? {}
          : { requireReviewDigest: input.requireReviewDigest }),
      })
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
    // With manual custody the provider's operations enter each address (lib/funding); nothing is allocated here.
    if (activeChains.length > 0 && custody().depositAddresses === 'allocated') {
      const addresses = await Promise.all(
        activeChains.map(async (chain) => ({
          orgId,
          chainId: chain.id,
          address: (
            await custody().allocateDepositAddress({
              orgId,
              chain: { code: chain.code, addressFormat: chain.addressFormat },
            })
          ).address,
        })),
      );
      await tx.insert(fundingAddresses).values(addresses);
    }
    // Other areas' part of opening it (EVM custody: the derived deposit address), in this transaction.
    await runOrganizationCreatedHooks(tx, orgId);
    await recordEvent(tx, {
      orgId,
      type: 'organization.created',
      actor: input.actor ?? SYSTEM_ACTOR,
      subjectId: orgId,
      data: { name: input.name, entitlements },
      requestId: input.requestId ?? null,
    });
    return { id: orgId, name: organization!.name };
  });
}
