// A batch's creator and source file through the real routes: `created_by` names the session user or the API key that
// created the batch; the source CSV is attached once to a draft (multipart, part `file`), downloads back with the same
// bytes and digest, is refused when it is not CSV text or is too large (nothing stored), and another organization's
// batch is a 404.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { resetEnvCache } from '@/lib/platform/env';
import type { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createPayoutOrg, orderItem, type PayoutOrg } from '../payouts-fixtures';
import { createUserSessionFetch } from '../sessions';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

type Client = ReturnType<typeof apiClient>;

interface Batch {
  id: string;
  status: string;
  created_by: { type: string; id: string };
  source_file: { name: string; size: number; sha256: string } | null;
}

const CSV = Buffer.from(
  'beneficiary_profile_id,beneficiary_amount,beneficiary_currency\r\nb-1,100.00,EUR\r\nb-2,250.50,EUR\r\n',
);

async function multipart(bytes: Uint8Array, name: string, type = 'text/csv', part = 'file') {
  const form = new FormData();
  form.set(part, new File([new Uint8Array(bytes)], name, { type }));
  const encoded = new Response(form);
  return {
    rawBody: new Uint8Array(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

async function createBatch(org: PayoutOrg): Promise<Batch> {
  const response = await org.client.send('POST', '/api/v2/payouts', {
    body: { orders: [orderItem(org, '100.00')] },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { batch: Batch }).batch;
}

const attach = async (
  client: Client,
  batchId: string,
  bytes: Uint8Array,
  name = 'suppliers.csv',
  type?: string,
) => client.send('POST', `/api/v2/payouts/${batchId}/source-file`, await multipart(bytes, name, type));

async function storedBatchSources(orgId: string): Promise<number> {
  const [row] = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from files where org_id = ${orgId} and purpose = 'batch_source'`,
  );
  return row!.n;
}

describe('Batch.created_by', () => {
  it('names the API key that created the batch, on create and on every read', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    const batch = await createBatch(org);
    expect(batch.created_by).toEqual({ type: 'api_key', id: org.credentials.apiKeyId });
    const read = await org.client.request<{ batch: Batch }>('GET', `/api/v2/payouts/${batch.id}`);
    expect(read.data.batch.created_by).toEqual({ type: 'api_key', id: org.credentials.apiKeyId });
    const list = await org.client.request<{ items: Batch[] }>('GET', '/api/v2/payouts');
    expect(list.data.items.find((b) => b.id === batch.id)?.created_by).toEqual({
      type: 'api_key',
      id: org.credentials.apiKeyId,
    });
  });

  it('names the signed-in user who created the batch', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    const user = await createUserSessionFetch(org.orgId, 'approver');
    const created = await user('POST', '/api/v2/payouts', { orders: [orderItem(org, '100.00')] });
    expect(created.status).toBe(201);
    const batch = (created.body as { batch: Batch }).batch;
    expect(batch.created_by).toEqual({ type: 'user', id: user.userId });
    // Another reader (the API key) sees the same creator.
    const read = await org.client.request<{ batch: Batch }>('GET', `/api/v2/payouts/${batch.id}`);
    expect(read.data.batch.created_by).toEqual({ type: 'user', id: user.userId });
  });
});

describe('POST /payouts/{batchId}/source-file', () => {
  it('keeps the CSV with the draft and downloads the same bytes with their digest', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    const batch = await createBatch(org);
    expect(batch.source_file).toBeNull();
    const response = await attach(
      org.client,
      batch.id,
      CSV,
      'June suppliers.csv',
      'application/vnd.ms-excel',
    );
    expect(response.status).toBe(201);
    const sha256 = createHash('sha256').update(CSV).digest('hex');
    const expected = { name: 'June suppliers.csv', size: CSV.byteLength, sha256 };
    expect(((await response.json()) as Batch).source_file).toEqual(expected);
    const read = await org.client.request<{ batch: Batch }>('GET', `/api/v2/payouts/${batch.id}`);
    expect(read.data.batch.source_file).toEqual(expected);

    const download = await org.client.send('GET', `/api/v2/payouts/${batch.id}/source-file`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(download.headers.get('content-disposition')).toContain('June suppliers.csv');
    expect(download.headers.get('repr-digest')).toBe(
      `sha-256=:${createHash('sha256').update(CSV).digest('base64')}:`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(CSV)).toBe(true);

    // The audit trail names who kept which file with the batch, by its digest (internal: never a webhook).
    const audit = await db().execute<{ actor_type: string; data: Record<string, unknown> }>(sql`
      select actor_type, data from events where subject_id = ${batch.id} and type = 'batch.source_file_attached'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_type).toBe('api_key');
    expect(audit[0]!.data).toMatchObject({ file_name: 'June suppliers.csv', size: CSV.byteLength, sha256 });
  });

  it('refuses a second file with 409 and keeps the first', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    const batch = await createBatch(org);
    expect((await attach(org.client, batch.id, CSV)).status).toBe(201);
    const second = await attach(org.client, batch.id, Buffer.from('a,b\r\n1,2\r\n'), 'other.csv');
    expect(second.status).toBe(409);
    expect(await storedBatchSources(org.orgId)).toBe(1);
    const download = await org.client.send('GET', `/api/v2/payouts/${batch.id}/source-file`);
    expect(Buffer.from(await download.arrayBuffer()).equals(CSV)).toBe(true);
  });

  it('refuses a file for a batch that is no longer a draft', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    const batch = await createBatch(org);
    expect((await org.client.send('POST', `/api/v2/payouts/${batch.id}/cancel`)).status).toBe(200);
    expect((await attach(org.client, batch.id, CSV)).status).toBe(409);
    expect(await storedBatchSources(org.orgId)).toBe(0);
  });

  it('is a 404 for another organization’s batch, both ways, and stores nothing', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    const other = await createPayoutOrg({ balance: '1000' });
    const batch = await createBatch(org);
    expect((await attach(other.client, batch.id, CSV)).status).toBe(404);
    expect(await storedBatchSources(other.orgId)).toBe(0);
    expect(await storedBatchSources(org.orgId)).toBe(0);
    expect((await attach(org.client, batch.id, CSV)).status).toBe(201);
    expect((await other.client.send('GET', `/api/v2/payouts/${batch.id}/source-file`)).status).toBe(404);
  });

  it('is a 404 to download when the batch has no source file', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    const batch = await createBatch(org);
    expect((await org.client.send('GET', `/api/v2/payouts/${batch.id}/source-file`)).status).toBe(404);
  });

  it.each([
    ['a PDF named .csv', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), 415],
    ['binary bytes', Buffer.from([0x00, 0x01, 0x02, 0x2c, 0xff, 0xfe]), 415],
    ['text without columns', Buffer.from('just a note\nnothing to import\n'), 415],
    ['an empty file', Buffer.alloc(0), 422],
  ])('refuses %s and stores nothing', async (_name, bytes, status) => {
    const org = await createPayoutOrg({ balance: '1000' });
    const batch = await createBatch(org);
    const response = await attach(org.client, batch.id, bytes, 'orders.csv');
    expect(response.status).toBe(status);
    expect(await storedBatchSources(org.orgId)).toBe(0);
    const read = await org.client.request<{ batch: Batch }>('GET', `/api/v2/payouts/${batch.id}`);
    expect(read.data.batch.source_file).toBeNull();
    // The batch can still take its real file afterwards.
    expect((await attach(org.client, batch.id, CSV)).status).toBe(201);
  });

  it('refuses a CSV over 4 MiB with 413 and stores nothing', async () => {
    const org = await createPayoutOrg({ balance: '1000' });
    const batch = await createBatch(org);
    const line = 'b-1,100.00,EUR\r\n';
    const big = Buffer.from(`a,b,c\r\n${line.repeat(Math.ceil((4 * 1024 * 1024) / line.length) + 1)}`);
    const response = await attach(org.client, batch.id, big, 'huge.csv');
    expect(response.status).toBe(413);
    expect(await storedBatchSources(org.orgId)).toBe(0);
  });
});
