// Integration tests of the API key service on a real database: issuing, storage at rest, listing and revocation.
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { organizations } from '@/db/schema/identity/organizations';
import { events } from '@/db/schema/platform/events';
import { verifyApiToken } from '@/lib/identity/server/auth/api-token';
import { signRequest } from '@/lib/platform/client/sign';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { apiKeySecretContext, decryptSecret } from '@/lib/platform/crypto/secrets';
import { ApiError } from '@/lib/platform/errors/api-error';
import { useTestDatabase } from '@/test/db';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key-lifecycle';

const testDb = await useTestDatabase();

async function newOrganization(): Promise<string> {
  const [row] = await db().insert(organizations).values({ name: 'Acme' }).returning({ id: organizations.id });
  return row!.id;
}

async function eventsOf(subjectId: string) {
  return db().select().from(events).where(eq(events.subjectId, subjectId)).orderBy(events.createdAt);
}

async function validationFields(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).kind).toBe('validation');
  return (error as ApiError).fieldErrors.map((field) => field.field);
}

describe('createApiKey', () => {
  it('issues a sandbox key with a generated pair, storing only its hash and an encrypted secret', async () => {
    const orgId = await newOrganization();
    const key = await createApiKey(db(), { orgId, name: 'Backend' });

    expect(key.apiKey).toMatch(/^sk_sandbox_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.apiKey.slice(0, 16));
    expect(key).toMatchObject({ orgId, name: 'Backend', role: 'member', rateLimitPerMinute: 100 });
    expect(key.privateKeyPem).toContain('-----BEGIN PRIVATE KEY-----');
    expect(key.publicKeyPem).toContain('-----BEGIN PUBLIC KEY-----');
    expect(key.sharedSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.keyHash).toBe(sha256Hex(key.apiKey));
    expect(row!.sharedSecretCiphertext).not.toContain(key.sharedSecret);
    expect(decryptSecret(row!.sharedSecretCiphertext, apiKeySecretContext(row!.id))).toBe(key.sharedSecret);
    expect(row!.publicKeyPem).toBe(key.publicKeyPem);
    expect(row!.revokedAt).toBeNull();

    const [created] = await eventsOf(key.id);
    expect(created).toMatchObject({ type: 'api_key.created', orgId, actorType: 'system' });
    const recorded = JSON.stringify(created!.data);
    for (const secret of [key.apiKey, key.sharedSecret, key.privateKeyPem!])
      expect(recorded).not.toContain(secret);
  });

  it('issues credentials whose signed requests pass the server verification', async () => {
    const orgId = await newOrganization();
    const key = await createApiKey(db(), { orgId, name: 'Signer', role: 'member', rateLimitPerMinute: 7 });
    const [row] = await db()
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, sha256Hex(key.apiKey)));
    expect(row).toMatchObject({ role: 'member', rateLimitPerMinute: 7 });

    const now = Math.floor(Date.now() / 1000);
    const uri = '/api/v2/sandbox/deposits';
    const body = '{"amount":"10.00"}';
    const headers = await signRequest({
      apiKey: key.apiKey,
      privateKeyPem: key.privateKeyPem!,
      sharedSecret: key.sharedSecret,
      method: 'POST',
      uri,
      body,
      now,
    });
    await expect(
      verifyApiToken({
        token: headers.authorization.slice('Bearer '.length),
        apiKey: key.apiKey,
        publicKey: createPublicKey(row!.publicKeyPem),
        sharedSecret: decryptSecret(row!.sharedSecretCiphertext, apiKeySecretContext(row!.id)),
        uri,
        rawBody: new TextEncoder().encode(body),
        nowSeconds: now,
      }),
    ).resolves.toMatchObject({ digest: expect.any(String) });
  });

  it('registers a given P-256 public key (normalised) and then hands out no private key', async () => {
    const orgId = await newOrganization();
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const key = await createApiKey(db(), { orgId, name: 'Own key', publicKeyPem: `\n\n${pem}\n` });
    expect(key.privateKeyPem).toBeNull();
    expect(key.publicKeyPem).toBe(pem);
    const [created] = await eventsOf(key.id);
    expect(created!.data).toMatchObject({ key_pair_generated: false });
  });

  it('refuses a public key that is not EC P-256, and a private key uploaded by mistake', async () => {
    const orgId = await newOrganization();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    const privatePem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    for (const publicKeyPem of [rsa.toString(), p384.toString(), 'not a key', privatePem]) {
      expect(await validationFields(createApiKey(db(), { orgId, name: 'x', publicKeyPem }))).toEqual([
        'public_key',
      ]);
    }
    const error = await createApiKey(db(), { orgId, name: 'x', publicKeyPem: 'nope' }).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).message).toBe('public_key: must be an EC P-256 public key in PEM');
    expect(await listApiKeys(db(), orgId)).toEqual([]);
  });

  it('refuses a bad name, role or rate limit, and an unknown organization', async () => {
    const orgId = await newOrganization();
    expect(await validationFields(createApiKey(db(), { orgId, name: '  ' }))).toEqual(['name']);
    expect(
      await validationFields(createApiKey(db(), { orgId, name: 'x', role: 'admin' as unknown as 'member' })),
    ).toEqual(['role']);
    for (const rateLimitPerMinute of [0, -1, 1.5, 100_001]) {
      expect(await validationFields(createApiKey(db(), { orgId, name: 'x', rateLimitPerMinute }))).toEqual([
        'rate_limit_per_minute',
      ]);
    }
    for (const missing of ['0190f3a2-0000-7000-8000-000000000000', 'not-a-uuid']) {
      await expect(createApiKey(db(), { orgId: missing, name: 'x' })).rejects.toMatchObject({
        kind: 'not_found',
      });
    }
  });
});

describe('listApiKeys', () => {
  it("lists one organization's keys oldest first, without key material", async () => {
    const orgId = await newOrganization();
    const other = await newOrganization();
    const first = await createApiKey(db(), { orgId, name: 'First' });
    const second = await createApiKey(db(), { orgId, name: 'Second', role: 'member' });
    await createApiKey(db(), { orgId: other, name: 'Elsewhere' });

    const listed = await listApiKeys(db(), orgId);
    expect(listed.map((key) => key.id)).toEqual([first.id, second.id]);
    expect(Object.keys(listed[0]!)).not.toContain('keyHash');
    expect(Object.keys(listed[0]!)).not.toContain('sharedSecretCiphertext');
    const serialised = JSON.stringify(listed);
    for (const secret of [first.apiKey, first.sharedSecret, second.apiKey, second.sharedSecret]) {
      expect(serialised).not.toContain(secret);
    }
    expect(listed[1]).toMatchObject({
      name: 'Second',
      role: 'member',
      prefix: second.prefix,
      revokedAt: null,
    });
  });
});

describe('revokeApiKey', () => {
  it('revokes once, notifies every instance with the key hash at commit, and stays idempotent', async () => {
    const orgId = await newOrganization();
    const key = await createApiKey(db(), { orgId, name: 'Doomed' });

    const listener = postgres(testDb.url, { max: 1, onnotice: () => {} });
    const heard: string[] = [];
    let firstRevokedAt: Date | undefined;
    await listener.listen('api_key_revoked', (payload) => heard.push(payload));
    try {
      const revoked = await revokeApiKey(db(), { id: key.id, orgId });
      expect(revoked).toMatchObject({ id: key.id, alreadyRevoked: false });
      expect(revoked!.revokedAt).toBeInstanceOf(Date);
      firstRevokedAt = revoked!.revokedAt;
      await expect.poll(() => heard, { timeout: 5000 }).toEqual([sha256Hex(key.apiKey)]);

      const again = await revokeApiKey(db(), { id: key.id });
      expect(again).toMatchObject({ id: key.id, alreadyRevoked: true });
      expect(again!.revokedAt.getTime()).toBe(revoked!.revokedAt.getTime());
    } finally {
      await listener.end({ timeout: 5 });
    }

    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.revokedAt?.getTime()).toBe(firstRevokedAt?.getTime());
    const types = (await eventsOf(key.id)).map((event) => event.type);
    expect(types).toEqual(['api_key.created', 'api_key.revoked']);
  });

  it('finds nothing for an unknown id, a malformed id or a key of another organization', async () => {
    const orgId = await newOrganization();
    const other = await newOrganization();
    const key = await createApiKey(db(), { orgId, name: 'Mine' });
    expect(await revokeApiKey(db(), { id: '0190f3a2-0000-7000-8000-000000000000' })).toBeNull();
    expect(await revokeApiKey(db(), { id: 'nope' })).toBeNull();
    expect(await revokeApiKey(db(), { id: key.id, orgId: other })).toBeNull();
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.revokedAt).toBeNull();
  });

  it('rolls back with the caller: a revocation inside a failed transaction leaves the key active', async () => {
    const orgId = await newOrganization();
    const key = await createApiKey(db(), { orgId, name: 'Kept' });
    await expect(
      db().transaction(async (tx) => {
        await revokeApiKey(tx, { id: key.id });
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.revokedAt).toBeNull();
  });
});
