// Idempotency-Key on POST (Stripe's semantics) through the real deposit route: replay, mismatch, concurrency, scope.
import { describe, expect, it } from 'vitest';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

type Balance = { available: string };

describe('Idempotency-Key', () => {
  it('a retry with the same key and body replays the first response and credits once', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const first = await client.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '100' },
      idempotencyKey: 'dep-1',
    });
    const again = await client.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '100' },
      idempotencyKey: 'dep-1',
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect((await client.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('100.00');
  });

  it('the same key with another body is 409 and executes nothing', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    await client.request('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '10' },
      idempotencyKey: 'dep-2',
    });
    const reused = await client.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '99' },
      idempotencyKey: 'dep-2',
    });
    expect(reused.status).toBe(409);
    expect(await reused.json()).toEqual({
      statusCode: 409,
      code: 'idempotency_key_reused',
      message: 'Idempotency-Key was already used with a different request',
    });
    expect((await client.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('10.00');
  });

  it('concurrent requests with one key execute once; the others are told it is in use or get the replay', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '25' }, idempotencyKey: 'race' }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    const executed = responses.filter(
      (r) => r.status === 201 && r.headers.get('idempotent-replayed') === null,
    );
    expect(executed).toHaveLength(1);
    for (const status of statuses) expect([201, 409]).toContain(status);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await response.json()).toEqual({
        statusCode: 409,
        code: 'idempotency_key_in_use',
        message: 'A request with this Idempotency-Key is still being processed',
      });
    }
    expect((await client.request<Balance>('GET', '/api/v2/funding/balance')).data.available).toBe('25.00');
  });

  it('a refusal is stored and replayed too (the outcome of a key never changes)', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const refused = await client.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '5', chain: 'dogecoin' },
      idempotencyKey: 'bad-chain',
    });
    expect(refused.status).toBe(400);
    const replay = await client.send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '5', chain: 'dogecoin' },
      idempotencyKey: 'bad-chain',
    });
    expect(replay.status).toBe(400);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual({
      statusCode: 400,
      code: 'unknown_chain',
      message: 'chain "dogecoin" has no funding address',
      errors: [{ field: 'chain', code: 'unknown_chain', message: 'chain "dogecoin" has no funding address' }],
    });
  });

  it('keys are scoped to the organization', async () => {
    const a = await createTestOrganization();
    const b = await createTestOrganization();
    const fromA = await apiClient(a.credentials).send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '1' },
      idempotencyKey: 'shared',
    });
    const fromB = await apiClient(b.credentials).send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '2' },
      idempotencyKey: 'shared',
    });
    expect(fromA.status).toBe(201);
    expect(fromB.status).toBe(201);
    expect(fromB.headers.get('idempotent-replayed')).toBeNull();
    expect(
      (await apiClient(b.credentials).request<Balance>('GET', '/api/v2/funding/balance')).data.available,
    ).toBe('2.00');
  });

  it('a key longer than 255 characters is a 422 naming the header', async () => {
    const org = await createTestOrganization();
    const response = await apiClient(org.credentials).send('POST', '/api/v2/sandbox/deposits', {
      body: { amount: '1' },
      idempotencyKey: 'k'.repeat(256),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      message: ['Idempotency-Key: must be 1 to 255 visible ASCII characters'],
    });
  });

  it('the client retries a POST with the same key, so a lost answer never credits twice', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials, { maxRetries: 2 });
    let calls = 0;
    const inner = (client as unknown as { fetchImpl: (u: string, i: RequestInit) => Promise<Response> })
      .fetchImpl;
    Object.assign(client, {
      fetchImpl: async (url: string, init: RequestInit) => {
        calls += 1;
        const response = await inner(url, init);
        // The first answer is "lost" on the way back: the client sees a 503 although the deposit committed.
        return calls === 1 ? new Response('{"statusCode":503,"message":"lost"}', { status: 503 }) : response;
      },
    });
    const result = await client.request('POST', '/api/v2/sandbox/deposits', { body: { amount: '42' } });
    expect(result.status).toBe(201);
    expect(result.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (await apiClient(org.credentials).request<Balance>('GET', '/api/v2/funding/balance')).data.available,
    ).toBe('42.00');
  });
});
