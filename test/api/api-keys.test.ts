// API-key management through the real routes: admins create keys that work for signed requests at once, the
// secrets are shown once, revocation stops the key at once; keys never manage keys; other organizations' keys are 404.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../api';
import { signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { asUser } from '../support/settings';

await useTestDatabase();

interface CreatedKey {
  id: string;
  prefix: string;
  role: string;
  rate_limit_per_minute: number;
  api_key: string;
  shared_secret: string;
  private_key_pem: string | null;
  public_key_pem: string;
  created_by: string | null;
}

async function adminOf() {
  const org = await createTestOrganization();
  const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
  return { org, admin };
}

describe('API keys', () => {
  it('a generated key works for a signed request, is listed without secrets, and stops working when revoked', async () => {
    const { admin } = await adminOf();
    const created = await asUser<CreatedKey>(admin.cookie, 'POST', '/api/v2/api-keys', {
      name: 'ERP',
      role: 'member',
      rate_limit_per_minute: 250,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      role: 'member',
      rate_limit_per_minute: 250,
      created_by: expect.any(String),
    });
    expect(created.body.api_key.startsWith(created.body.prefix)).toBe(true);
    expect(created.body.private_key_pem).toContain('BEGIN PRIVATE KEY');

    const client = apiClient({
      apiKey: created.body.api_key,
      privateKeyPem: created.body.private_key_pem!,
      sharedSecret: created.body.shared_secret,
    });
    expect((await client.send('GET', '/api/v2/organizations/me')).status).toBe(200);

    const list = await asUser<{ items: Record<string, unknown>[] }>(admin.cookie, 'GET', '/api/v2/api-keys');
    const listed = list.body.items.find((key) => key.id === created.body.id);
    expect(listed).toMatchObject({
      prefix: created.body.prefix,
      revoked_at: null,
      last_used_at: expect.any(String),
    });
    const wire = JSON.stringify(list.body);
    expect(wire).not.toContain(created.body.api_key);
    expect(wire).not.toContain(created.body.shared_secret);
    expect(wire).not.toContain('PRIVATE KEY');

    const revoked = await asUser(admin.cookie, 'DELETE', `/api/v2/api-keys/${created.body.id}`);
    expect(revoked).toMatchObject({
      status: 200,
      body: { id: created.body.id, revoked_at: expect.any(String) },
    });
    expect((await client.send('GET', '/api/v2/organizations/me')).status).toBe(401);
    expect((await asUser(admin.cookie, 'DELETE', `/api/v2/api-keys/${created.body.id}`)).status).toBe(200);
  });

  it('a key created without a role is a member (the least role): it cannot add a wallet or withdraw', async () => {
    const { admin } = await adminOf();
    const created = await asUser<CreatedKey>(admin.cookie, 'POST', '/api/v2/api-keys', { name: 'Reports' });
    expect(created).toMatchObject({ status: 201, body: { role: 'member' } });
    const client = apiClient({
      apiKey: created.body.api_key,
      privateKeyPem: created.body.private_key_pem!,
      sharedSecret: created.body.shared_secret,
    });
    const withdrawal = await client.send('POST', '/api/v2/liquidity/management/withdrawals', {
      body: { amount: '10.00', wallet_id: '0190f3a2-0000-7000-8000-000000000000' },
    });
    expect(withdrawal.status).toBe(403);
  });

  it('registers an uploaded P-256 public key (no private key returned) and refuses a private key or another curve', async () => {
    const { admin } = await adminOf();
    const pair = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const created = await asUser<CreatedKey>(admin.cookie, 'POST', '/api/v2/api-keys', {
      name: 'Own key',
      public_key: pair.publicKey,
    });
    expect(created).toMatchObject({ status: 201, body: { private_key_pem: null, role: 'member' } });
    const client = apiClient({
      apiKey: created.body.api_key,
      privateKeyPem: pair.privateKey,
      sharedSecret: created.body.shared_secret,
    });
    expect((await client.send('GET', '/api/v2/funding/balance')).status).toBe(200);

    const privateKey = await asUser(admin.cookie, 'POST', '/api/v2/api-keys', {
      name: 'x',
      public_key: pair.privateKey,
    });
    expect(privateKey.status).toBe(422);
    expect(JSON.stringify(privateKey.body)).toContain('private key');
    const otherCurve = generateKeyPairSync('ec', {
      namedCurve: 'secp384r1',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const p384 = await asUser(admin.cookie, 'POST', '/api/v2/api-keys', {
      name: 'x',
      public_key: otherCurve.publicKey,
    });
    expect(p384.status).toBe(422);
    const junk = await asUser(admin.cookie, 'POST', '/api/v2/api-keys', {
      name: 'x',
      public_key: 'not a pem',
    });
    expect(junk.status).toBe(422);
    const admins = await asUser(admin.cookie, 'POST', '/api/v2/api-keys', { name: 'x', role: 'admin' });
    expect(admins.status).toBe(422);
  });

  it('refuses non-admins (403), every API key (404), and another organization’s key (404)', async () => {
    const { org, admin } = await adminOf();
    const approver = await signIn({ memberships: [{ orgId: org.orgId, role: 'approver' }] });
    expect((await asUser(approver.cookie, 'GET', '/api/v2/api-keys')).status).toBe(403);
    expect((await asUser(approver.cookie, 'POST', '/api/v2/api-keys', { name: 'mine' })).status).toBe(403);
    expect(
      (await asUser(approver.cookie, 'DELETE', `/api/v2/api-keys/${org.credentials.apiKeyId}`)).status,
    ).toBe(403);

    const key = apiClient(org.credentials);
    expect((await key.send('GET', '/api/v2/api-keys')).status).toBe(404);
    const mint = await key.send('POST', '/api/v2/api-keys', {
      rawBody: JSON.stringify({ name: 'minted' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(mint.status).toBe(404);
    expect((await key.send('DELETE', `/api/v2/api-keys/${org.credentials.apiKeyId}`)).status).toBe(404);

    const other = await adminOf();
    expect(
      (await asUser(admin.cookie, 'DELETE', `/api/v2/api-keys/${other.org.credentials.apiKeyId}`)).status,
    ).toBe(404);
    expect((await apiClient(other.org.credentials).send('GET', '/api/v2/organizations/me')).status).toBe(200);
    const mine = await asUser<{ items: { id: string }[] }>(admin.cookie, 'GET', '/api/v2/api-keys');
    expect(mine.body.items.map((k) => k.id)).toEqual([org.credentials.apiKeyId]);
  });
});
