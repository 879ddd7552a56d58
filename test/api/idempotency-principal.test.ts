// An Idempotency-Key answers only the principal that sent it (DESIGN "Idempotency"): another caller's request with the
// same key and body is 409 idempotency_key_reused, neither the first caller's answer nor an execution; the same
// person (a session, or a rotated key of the user who made the first) still gets the replay.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { revokeApiKey } from '@/lib/identity/server/auth/api-key-lifecycle';
import { addMembership, createUser } from '@/lib/identity/server/auth/users';
import { resetEnvCache } from '@/lib/platform/env';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { addApiKey, createTestOrganization } from '../fixtures';
import { createUserSessionFetch } from '../sessions';

await useTestDatabase();

type Balance = { available: string };

const REUSED = {
  statusCode: 409,
  code: 'idempotency_key_reused',
  message: 'Idempotency-Key was already used with a different request',
};

beforeEach(() => {
  // The endpoint below is never called: creating one only checks its address, and loopback is refused by default.
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
  resetEnvCache();
});

afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  resetEnvCache();
});

describe('Idempotency-Key and the principal', () => {
  it("an approver re-sending an admin's key and body on POST /webhooks/endpoints is refused before the lookup", async () => {
    const org = await createTestOrganization();
    const admin = await createUserSessionFetch(org.orgId, 'admin');
    const approver = await createUserSessionFetch(org.orgId, 'approver');
    const body = { url: 'http://127.0.0.1:9/hooks', event_types: ['*'] };
    const key = { 'idempotency-key': 'endpoint-1' };

    const created = await admin('POST', '/api/v2/webhooks/endpoints', body, key);
    expect(created.status).toBe(201);
    expect((created.body as { secret?: string }).secret).toEqual(expect.any(String));

    // The portal's admin rule is in the declaration now, so it is checked before the key is looked up.
    const stolen = await approver('POST', '/api/v2/webhooks/endpoints', body, key);
    expect(stolen.status).toBe(403);
    expect(JSON.stringify(stolen.body)).not.toContain((created.body as { secret: string }).secret);

    // The admin's own retry still replays, byte for byte.
    const retried = await admin('POST', '/api/v2/webhooks/endpoints', body, key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(created.body);
  });

  it("another admin re-sending an admin's key and body gets 409, neither the secret nor a second endpoint", async () => {
    const org = await createTestOrganization();
    const first = await createUserSessionFetch(org.orgId, 'admin');
    const second = await createUserSessionFetch(org.orgId, 'admin');
    const body = { url: 'http://127.0.0.1:9/hooks', event_types: ['*'] };
    const key = { 'idempotency-key': 'endpoint-2' };

    const created = await first('POST', '/api/v2/webhooks/endpoints', body, key);
    expect(created.status).toBe(201);
    const reused = await second('POST', '/api/v2/webhooks/endpoints', body, key);
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual(REUSED);

    const listed = await second('GET', '/api/v2/webhooks/endpoints');
    expect((listed.body as { items: unknown[] }).items).toHaveLength(1);
  });

  it("a key another user made is another principal: 409, and the first key's deposit is credited once", async () => {
    const org = await createTestOrganization();
    const mine = apiClient(org.credentials);
    const someone = await createUser(db(), {
      email: 'someone-else@example.com',
      name: 'Someone',
      password: 'x'.repeat(12),
    });
    await addMembership(db(), { orgId: org.orgId, userId: someone.id, role: 'admin' });
    const theirs = apiClient(await addApiKey(org.orgId, { createdByUserId: someone.id }));

    const first = await mine.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '10' },
      idempotencyKey: 'dep-principal',
    });
    expect(first.status).toBe(201);
    const other = await theirs.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '10' },
      idempotencyKey: 'dep-principal',
    });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual(REUSED);
    expect((await mine.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('10.00');
  });

  it('a client retrying with a rotated key of the same person gets the replay, never a second execution', async () => {
    const org = await createTestOrganization();
    const person = await createUser(db(), {
      email: 'rotator@example.com',
      name: 'Rotator',
      password: 'x'.repeat(12),
    });
    await addMembership(db(), { orgId: org.orgId, userId: person.id, role: 'admin' });
    const oldKey = await addApiKey(org.orgId, { createdByUserId: person.id });
    const first = await apiClient(oldKey).send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '25' },
      idempotencyKey: 'dep-rotated',
    });
    expect(first.status).toBe(201);

    await revokeApiKey(db(), { id: oldKey.apiKeyId, orgId: org.orgId });
    const newKey = apiClient(await addApiKey(org.orgId, { createdByUserId: person.id }));
    const retried = await newKey.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '25' },
      idempotencyKey: 'dep-rotated',
    });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await retried.json()).toEqual(await first.json());
    expect((await newKey.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('25.00');
  });
});
