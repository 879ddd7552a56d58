// Owns `sandbox bootstrap`: a ready-to-use sandbox organization (entitlements, admin, API key, profiles, funds, liquidity
// data) in one transaction.
import '@/lib/app/register';
import { randomBytes } from 'node:crypto';
import { db, type Executor } from '@/db/client';
import { creditDeposit } from '@/lib/funding/server';
import {
  addMembership,
  createApiKey,
  createOrganization,
  createUser,
  hashPassword,
} from '@/lib/identity/server';
import { getBalance, systemAccount } from '@/lib/ledger/server';
import { generateBootstrapLiquidity } from '@/lib/liquidity/server';
import { ensureSandboxChains } from '@/lib/platform/chains/sandbox-chains';
import { businessNow } from '@/lib/platform/clock';
import { randomToken } from '@/lib/platform/crypto/tokens';
import { isSandbox } from '@/lib/platform/env';
import { SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { seedContext } from '@/lib/platform/seed/context';
import { generateBootstrapProfiles } from '@/lib/profiles/server';

/** The sandbox organization's opening balance: enough for any test a developer runs by hand. */
export const SANDBOX_OPENING_BALANCE = '100000.00';

/** Exactly the object DESIGN.md's "CLI output" names (snake_case: it is printed and saved as a credentials file). */
export interface SandboxBootstrap {
  org_id: string;
  api_key: string;
  api_key_id: string;
  private_key_pem: string;
  public_key_pem: string;
  shared_secret: string;
  admin: { email: string; password: string };
  senders: { id: string; country: string }[];
  beneficiaries: { id: string; sender_profile_id: string; currency: string }[];
  balance: string;
}

/**
 * Creates a sandbox organization an integrator can use at once; refuses outside sandbox mode. Everything commits
 * together, so a failure leaves nothing half made.
 */
export async function bootstrapSandboxOrganization(executor: Executor = db()): Promise<SandboxBootstrap> {
  if (!isSandbox()) throw new Error('sandbox bootstrap is only available when APP_ENV=sandbox');
  const shortId = randomBytes(4).toString('hex');
  const password = randomToken(18);
  // scrypt is deliberately slow: hash before the transaction opens, not while it holds locks.
  const passwordHash = await hashPassword(password);

  return executor.transaction(async (tx) => {
    await ensureSandboxChains(tx);
    const organization = await createOrganization(tx, {
      name: `Sandbox ${shortId}`,
      legalName: `Sandbox ${shortId} Ltd`,
      country: 'GB',
    });
    const orgId = organization.id;

    const email = `admin+${shortId}@sandbox.example`;
    const admin = await createUser(tx, { email, name: `Sandbox admin ${shortId}`, passwordHash });
    await addMembership(tx, { orgId, userId: admin.id, role: 'admin' });
    await recordEvent(tx, {
      orgId,
      type: 'user.created',
      actor: SYSTEM_ACTOR,
      subjectId: admin.id,
      data: { email, role: 'admin', source: 'sandbox_bootstrap' },
    });

    const key = await createApiKey(tx, {
      orgId,
      name: 'Sandbox bootstrap key',
      role: 'approver',
      createdByUserId: admin.id,
      actor: SYSTEM_ACTOR,
    });

    // The seed's own generators, dated before the organization's clock: the printed profiles are ready to use, and
    // the liquidity history is funded apart, before the opening balance, so the available balance is the opening
    // balance whatever the withdrawals hold.
    const ctx = seedContext(tx, await businessNow(tx, orgId), {
      custody: await systemAccount(tx, 'custody_external'),
      settlement: await systemAccount(tx, 'settlement'),
      payoutRail: await systemAccount(tx, 'payout_rail_external'),
    });
    const profiles = await generateBootstrapProfiles(ctx, orgId);
    await generateBootstrapLiquidity(ctx, { orgId, adminUserId: admin.id });

    await creditDeposit(tx, {
      orgId,
      amount: SANDBOX_OPENING_BALANCE,
      chainCode: 'tron',
      actor: SYSTEM_ACTOR,
    });
    const balance = await getBalance(tx, orgId);

    return {
      org_id: orgId,
      api_key: key.apiKey,
      api_key_id: key.id,
      // createApiKey generated the pair (no public key was given), so the private key is present.
      private_key_pem: key.privateKeyPem!,
      public_key_pem: key.publicKeyPem,
      shared_secret: key.sharedSecret,
      admin: { email, password },
      senders: Object.values(profiles.senders).map((sender) => ({ id: sender.id, country: sender.country })),
      beneficiaries: Object.values(profiles.beneficiaries).map((row) => ({
        id: row.id,
        sender_profile_id: row.senderProfileId,
        currency: row.currency,
      })),
      balance: balance.available,
    };
  });
}
