// Integration tests of sandbox bootstrap on a real database: everything DESIGN.md's CLI object promises exists and works.
import { createPublicKey } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { fundingAddresses } from '@/db/schema/funding';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { organizationEntitlements } from '@/db/schema/identity/organizations';
import { memberships, users } from '@/db/schema/identity/users';
import { chains } from '@/db/schema/platform/chains';
import { events } from '@/db/schema/platform/events';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import { verifyApiToken } from '@/lib/identity/server/auth/api-token';
import { verifyPassword } from '@/lib/identity/server/auth/password-hash';
import { getBalance } from '@/lib/ledger/server/balances';
import { isValidAddress } from '@/lib/platform/chains/addresses';
import { signRequest } from '@/lib/platform/client/sign';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { apiKeySecretContext, decryptSecret } from '@/lib/platform/crypto/secrets';
import { resetEnvCache } from '@/lib/platform/env';
import { apiClient } from '@/test/api';
import { useTestDatabase } from '@/test/db';
import { ensurePricing } from '@/test/payouts-fixtures';
import { bootstrapSandboxOrganization } from './sandbox-bootstrap';

await useTestDatabase();

afterEach(() => {
  process.env.APP_ENV = 'sandbox';
  resetEnvCache();
});

describe('bootstrapSandboxOrganization', () => {
  it('returns exactly the CLI object, and every part of it exists', async () => {
    const result = await bootstrapSandboxOrganization();

    expect(Object.keys(result).sort()).toEqual(
      [
        'admin',
        'api_key',
        'api_key_id',
        'balance',
        'beneficiaries',
        'org_id',
        'private_key_pem',
        'public_key_pem',
        'senders',
        'shared_secret',
      ].sort(),
    );
    const orgId = result.org_id;

    const entitlements = await db()
      .select({ entitlement: organizationEntitlements.entitlement })
      .from(organizationEntitlements)
      .where(eq(organizationEntitlements.orgId, orgId));
    expect(entitlements.map((row) => row.entitlement).sort()).toEqual([
      'liquidity_management',
      'liquidity_utilization',
      'payouts',
    ]);

    const addresses = await db()
      .select({ address: fundingAddresses.address, code: chains.code, format: chains.addressFormat })
      .from(fundingAddresses)
      .innerJoin(chains, eq(chains.id, fundingAddresses.chainId))
      .where(eq(fundingAddresses.orgId, orgId));
    expect(addresses.map((row) => row.code).sort()).toEqual(['ethereum', 'tron']);
    for (const row of addresses) expect(isValidAddress(row.format, row.address), row.address).toBe(true);

    expect(result.admin.email).toMatch(/^admin\+[0-9a-f]{8}@sandbox\.example$/);
    const [admin] = await db().select().from(users).where(eq(users.email, result.admin.email));
    expect(await verifyPassword(result.admin.password, admin!.passwordHash)).toBe(true);
    const [membership] = await db().select().from(memberships).where(eq(memberships.userId, admin!.id));
    expect(membership).toMatchObject({ orgId, role: 'admin' });

    expect(result.senders.map((sender) => sender.country).sort()).toEqual(['GB', 'SG']);
    const senders = await db().select().from(senderProfiles).where(eq(senderProfiles.orgId, orgId));
    expect(senders.every((sender) => sender.status === 'ready')).toBe(true);
    expect(result.beneficiaries.map((b) => b.currency).sort()).toEqual(['EUR', 'GBP', 'INR']);
    const beneficiaries = await db()
      .select()
      .from(beneficiaryProfiles)
      .where(
        inArray(
          beneficiaryProfiles.id,
          result.beneficiaries.map((b) => b.id),
        ),
      );
    expect(beneficiaries).toHaveLength(3);
    for (const beneficiary of beneficiaries) {
      expect(beneficiary.status).toBe('ready');
      expect(beneficiary.orgId).toBe(orgId);
      expect(result.senders.map((s) => s.id)).toContain(beneficiary.senderProfileId);
      expect(beneficiary.iban ?? beneficiary.accountNumber).toBeTruthy();
    }

    expect(result.balance).toBe('100000.00');
    // The opening balance is whole; the liquidity history's open withdrawals hold what they hold (3555 + 1555).
    expect(await getBalance(db(), orgId)).toMatchObject({ available: '100000.00', held: '5110.00' });
  });

  it('gives the organization liquidity data to build against, as the demo organization has', async () => {
    await ensurePricing();
    const result = await bootstrapSandboxOrganization();
    const client = apiClient({
      apiKey: result.api_key,
      privateKeyPem: result.private_key_pem,
      sharedSecret: result.shared_secret,
    });
    type Page<T> = { items: T[] };

    const wallets = await client.request<Page<{ chain: string; status: string }>>(
      'GET',
      '/api/v2/liquidity/management/wallets',
    );
    expect(wallets.data.items.map((w) => w.chain).sort()).toEqual(['ethereum', 'tron']);
    const withdrawals = await client.request<Page<{ status: string; sub_status: string }>>(
      'GET',
      '/api/v2/liquidity/management/withdrawals',
    );
    expect(withdrawals.data.items.map((w) => `${w.status}/${w.sub_status}`).sort()).toEqual([
      'COMPLETED/confirmed',
      'COMPLETED/confirmed',
      'FAILED/broadcast_failed',
      'PROCESSING/signing',
      'SUBMITTED/awaiting_approval',
    ]);

    const loans = await client.request<Page<{ id: string; status: string }>>(
      'GET',
      '/api/v2/liquidity/management/loans',
    );
    expect(loans.data.items).toHaveLength(1);
    const repayments = await client.request<Page<{ loan_id: string; amount: string }>>(
      'GET',
      '/api/v2/liquidity/management/loan-repayments',
    );
    expect(repayments.data.items).toHaveLength(1);

    const routes = await client.request<Page<{ id: string; currency: string }>>(
      'GET',
      '/api/v2/liquidity/utilization/routes',
    );
    expect(routes.data.items).toHaveLength(1);
    expect(routes.data.items[0]!.currency).toBe('EUR');
    const proofs = await client.request<{ id: string; mime_type: string; hash_sha256: string }[]>(
      'GET',
      `/api/v2/liquidity/utilization/proof-of-settlement/route/${routes.data.items[0]!.id}`,
    );
    const proofList = proofs.data;
    expect(proofList).toHaveLength(2);
    const file = await client.send(
      'GET',
      `/api/v2/liquidity/utilization/proof-of-settlement/${proofList[0]!.id}/content`,
    );
    expect(file.status).toBe(200);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(sha256Hex(Buffer.from(bytes))).toBe(proofList[0]!.hash_sha256);

    const utilization = await client.request<unknown[]>('GET', '/api/v2/liquidity/utilization/proofs');
    expect(utilization.data).toHaveLength(3);
  });

  it('issues an approver API key whose credentials sign requests the server accepts', async () => {
    const result = await bootstrapSandboxOrganization();
    const [key] = await db().select().from(apiKeys).where(eq(apiKeys.id, result.api_key_id));
    expect(key).toMatchObject({ orgId: result.org_id, role: 'approver', keyHash: sha256Hex(result.api_key) });
    expect(key!.publicKeyPem).toBe(result.public_key_pem);
    expect(result.api_key).toMatch(/^sk_sandbox_/);

    const now = Math.floor(Date.now() / 1000);
    const uri = '/api/v2/funding/balance';
    const headers = await signRequest({
      apiKey: result.api_key,
      privateKeyPem: result.private_key_pem,
      sharedSecret: result.shared_secret,
      method: 'GET',
      uri,
      now,
    });
    await expect(
      verifyApiToken({
        token: headers.authorization.slice('Bearer '.length),
        apiKey: result.api_key,
        publicKey: createPublicKey(key!.publicKeyPem),
        sharedSecret: decryptSecret(key!.sharedSecretCiphertext, apiKeySecretContext(key!.id)),
        uri,
        rawBody: new Uint8Array(0),
        nowSeconds: now,
      }),
    ).resolves.toBeDefined();
  });

  it('records events without any secret in them', async () => {
    const result = await bootstrapSandboxOrganization();
    const rows = await db().select().from(events).where(eq(events.orgId, result.org_id));
    const types = rows.map((row) => row.type);
    for (const type of [
      'organization.created',
      'user.created',
      'api_key.created',
      'funding.deposit_credited',
    ]) {
      expect(types).toContain(type);
    }
    const recorded = JSON.stringify(rows.map((row) => row.data));
    for (const secret of [
      result.api_key,
      result.shared_secret,
      result.admin.password,
      result.private_key_pem,
    ]) {
      expect(recorded).not.toContain(secret);
    }
  });

  it('makes a new organization each time and the sandbox chains only once', async () => {
    const [first, second] = [await bootstrapSandboxOrganization(), await bootstrapSandboxOrganization()];
    expect(first.org_id).not.toBe(second.org_id);
    expect(first.admin.email).not.toBe(second.admin.email);
    const rows = await db().select({ code: chains.code }).from(chains);
    expect(rows.filter((row) => row.code === 'tron')).toHaveLength(1);
    expect(rows.filter((row) => row.code === 'ethereum')).toHaveLength(1);
  });

  it('refuses to run outside sandbox mode', async () => {
    process.env.APP_ENV = 'production';
    resetEnvCache();
    await expect(bootstrapSandboxOrganization()).rejects.toThrow(/APP_ENV=sandbox/);
  });
});
