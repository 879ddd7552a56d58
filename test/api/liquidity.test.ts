// Liquidity through the real handlers: withdrawals (list, create, hold, progression, release), the address book,
// reference data, loans, routes, proofs and their downloads, the liquidity envelope, and isolation between organizations.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { chains } from '@/db/schema/platform/chains';
import { corridors } from '@/db/schema/pricing';
import { getBalance } from '@/lib/ledger/server/balances';
import { createLoan, recordLoanRepayment } from '@/lib/liquidity/server/loans';
import { attachProofOfSettlement } from '@/lib/liquidity/server/proofs';
import { createSettlementRoute } from '@/lib/liquidity/server/routes';
import { recordUtilizationProof } from '@/lib/liquidity/server/utilization';
import { withdrawalStepTask } from '@/lib/liquidity/server/withdrawal-step-task';
import { sandboxAddress, toChecksumAddress } from '@/lib/platform/chains/addresses';
import { SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { simplePdf } from '@/lib/platform/seed/pdf';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { addApiKey, createTestOrganization, fund } from '../fixtures';
import { queuedJobs, takeJobs } from '../support/queued-jobs';

await useTestDatabase();

const W = '/api/v2/liquidity/management/withdrawals';
const WALLETS = '/api/v2/liquidity/management/wallets';

// The spec's tables, plus `requested_by`, `approved_by` (four eyes on withdrawals), `approval` and `actions` (approval
// rules, 2.10.0), all additive.
const WITHDRAWAL_FIELDS = [
  'actions',
  'amount',
  'approval',
  'approved_by',
  'chain_id',
  'created_at',
  'custody_transaction_id',
  'failure_reason',
  'id',
  'org_id',
  'org_name',
  'requested_by',
  'status',
  'sub_status',
  'transaction_hash',
  'updated_at',
  'wallet_address',
  'wallet_id',
  'withdrawal_request_id',
];
// The spec's fields plus two additions (2.7.0): `batch_id` and `transaction_hash`, null unless staff recorded them.
const PROOF_FIELDS = [
  'batch_id',
  'created_at',
  'file_name',
  'file_size',
  'hash_sha256',
  'id',
  'mime_type',
  'recorded_at',
  'route_id',
  'transaction_hash',
  'updated_at',
  'url',
];
const UTILIZATION_FIELDS = ['amount', 'created_at', 'currency', 'id', 'updated_at'];
const CORRIDOR_FIELDS = [
  'created_at',
  'currency',
  'id',
  'max_amount',
  'min_amount',
  'name',
  'status',
  'updated_at',
];

interface Withdrawal {
  id: string;
  amount: string;
  status: string;
  sub_status: string;
  transaction_hash: string | null;
  custody_transaction_id: string | null;
  failure_reason: string | null;
  withdrawal_request_id: string;
  wallet_id: string;
  chain_id: string;
  org_name: string;
  created_at: string;
}
interface Page<T> {
  items: T[];
  meta: { limit: number; page: number; total: number };
}
interface LiquidityError {
  error: { type: string; code: string; message: string; param?: string };
}

async function chainId(code: 'tron' | 'ethereum'): Promise<string> {
  const [row] = await db().select({ id: chains.id }).from(chains).where(eq(chains.code, code));
  return row!.id;
}

/** An organization with a funded balance, an approver key and one usable TRON wallet. */
async function treasury(balance = '1000') {
  const org = await createTestOrganization();
  const client = apiClient(org.credentials);
  if (balance !== '0') await fund(org.orgId, balance);
  const wallet = await client.request<{ id: string; address: string }>('POST', WALLETS, {
    body: { chain_id: await chainId('tron'), address: sandboxAddress('tron'), label: 'Cold' },
  });
  return { org, client, walletId: wallet.data.id };
}

async function errorOf(response: Response): Promise<LiquidityError['error']> {
  const body = (await response.json()) as LiquidityError;
  expect(Object.keys(body)).toEqual(['error']);
  return body.error;
}

describe('withdrawals', () => {
  it('creating one holds the amount, answers every spec field, and lists it', async () => {
    const { org, client, walletId } = await treasury('1000');
    const created = await client.request<Withdrawal>('POST', W, {
      body: { amount: '250.5', wallet_id: walletId },
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.data).sort()).toEqual(WITHDRAWAL_FIELDS);
    expect(created.data).toMatchObject({
      amount: '250.50',
      status: 'SUBMITTED',
      sub_status: 'awaiting_approval',
      transaction_hash: null,
      custody_transaction_id: null,
      failure_reason: null,
      wallet_id: walletId,
      org_id: org.orgId,
    });
    expect(created.data.withdrawal_request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getBalance(db(), org.orgId)).toMatchObject({ available: '749.50', held: '250.50' });

    const list = await client.request<Page<Withdrawal>>('GET', W);
    expect(list.data.meta).toEqual({ limit: 50, page: 1, total: 1, has_more: false });
    expect(list.data.items).toEqual([created.data]);
    const one = await client.request<Withdrawal>('GET', `${W}/${created.data.id}`);
    expect(one.data).toEqual(created.data);
  });

  it('progresses through custody to COMPLETED, sending the held amount out', async () => {
    const { org, client, walletId } = await treasury('100');
    const { data: w } = await client.request<Withdrawal>('POST', W, {
      body: { amount: '40', wallet_id: walletId },
    });
    const steps: string[] = [];
    let current = w;
    for (let i = 0; i < 4; i += 1) {
      current = (await client.request<Withdrawal>('POST', `/api/v2/sandbox/withdrawals/${w.id}/advance`))
        .data;
      steps.push(`${current.status}/${current.sub_status}`);
    }
    expect(steps).toEqual([
      'PROCESSING/signing',
      'PROCESSING/broadcasting',
      'PROCESSING/confirming',
      'COMPLETED/confirmed',
    ]);
    expect(current.transaction_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(current.custody_transaction_id).toMatch(/^sbx_wd_/);
    expect(await getBalance(db(), org.orgId)).toEqual({
      currency: 'USDT',
      available: '60.00',
      held: '0.00',
      total: '60.00',
    });
    // Sandbox paths are not under /liquidity: they answer in the payouts envelope.
    const again = await client.send('POST', `/api/v2/sandbox/withdrawals/${w.id}/advance`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ statusCode: 409 });
  });

  it('an amount ending in 666 fails at broadcast with a reason, and the hold is released', async () => {
    const { org, client, walletId } = await treasury('2000');
    const { data: w } = await client.request<Withdrawal>('POST', W, {
      body: { amount: '1666.25', wallet_id: walletId },
    });
    expect((await getBalance(db(), org.orgId)).held).toBe('1666.25');
    let current = w;
    for (let i = 0; i < 3; i += 1) {
      current = (await client.request<Withdrawal>('POST', `/api/v2/sandbox/withdrawals/${w.id}/advance`))
        .data;
    }
    expect(current).toMatchObject({
      status: 'FAILED',
      sub_status: 'broadcast_failed',
      transaction_hash: null,
    });
    expect(current.failure_reason).toMatch(/refused/);
    expect(await getBalance(db(), org.orgId)).toMatchObject({ available: '2000.00', held: '0.00' });
    const failed = await client.request<Page<Withdrawal>>('GET', `${W}?status=FAILED`);
    expect(failed.data.meta.total).toBe(1);
  });

  it('schedules automatic custody steps as jobs (none for 555), and a step that lost a race does nothing', async () => {
    const { client, walletId } = await treasury('5000');
    const { data: w } = await client.request<Withdrawal>('POST', W, {
      body: { amount: '10', wallet_id: walletId },
    });
    // The worker's part by hand: take the step's job out of the queue and run it.
    const take = (id: string) => takeJobs<{ from: string }>({ key: `withdrawal-step:${id}` });
    const jobs = (id: string) => queuedJobs({ key: `withdrawal-step:${id}` });
    const [job] = await take(w.id);
    expect(job).toMatchObject({ withdrawalId: w.id, from: 'awaiting_approval' });

    await withdrawalStepTask.run(withdrawalStepTask.payload.parse(job), {} as never);
    const stepped = await client.request<Withdrawal>('GET', `${W}/${w.id}`);
    expect(stepped.data.sub_status).toBe('signing');
    const [next] = await take(w.id);
    expect(next?.from).toBe('signing');
    // The same job again (a retry after the step committed) finds the withdrawal moved on and does nothing.
    await withdrawalStepTask.run(withdrawalStepTask.payload.parse(job), {} as never);
    expect((await client.request<Withdrawal>('GET', `${W}/${w.id}`)).data.sub_status).toBe('signing');

    const { data: waits } = await client.request<Withdrawal>('POST', W, {
      body: { amount: '1555.00', wallet_id: walletId },
    });
    expect(await jobs(waits.id)).toHaveLength(0);
    const advanced = await client.request<Withdrawal>(
      'POST',
      `/api/v2/sandbox/withdrawals/${waits.id}/advance`,
    );
    expect(advanced.data.sub_status).toBe('signing');
    expect(await jobs(waits.id)).toHaveLength(0);
  });

  it('an Idempotency-Key replays the same withdrawal and never holds twice; a different body is 409', async () => {
    const { org, client, walletId } = await treasury('100');
    const key = crypto.randomUUID();
    const body = { amount: '25', wallet_id: walletId };
    const first = await client.request<Withdrawal>('POST', W, { body, idempotencyKey: key });
    const again = await client.request<Withdrawal>('POST', W, { body, idempotencyKey: key });
    expect(again.data).toEqual(first.data);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await client.send('POST', W, { body: { ...body, amount: '26' }, idempotencyKey: key });
    expect(other.status).toBe(409);
    expect(await errorOf(other)).toMatchObject({ type: 'validation_error', code: 'idempotency_key_reused' });
    expect(await getBalance(db(), org.orgId)).toMatchObject({ available: '75.00', held: '25.00' });
    expect((await client.request<Page<Withdrawal>>('GET', W)).data.meta.total).toBe(1);
  });

  it('concurrent withdrawals never overspend one balance', async () => {
    const { org, client, walletId } = await treasury('100');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.send('POST', W, { body: { amount: '30', wallet_id: walletId } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toMatchObject({
        type: 'validation_error',
        code: 'insufficient_balance',
        param: 'amount',
      });
    }
    expect(await getBalance(db(), org.orgId)).toMatchObject({ available: '10.00', held: '90.00' });
    expect((await client.request<Page<Withdrawal>>('GET', W)).data.meta.total).toBe(3);
  });

  it('refuses bad input with a param and stores nothing', async () => {
    const { org, client, walletId } = await treasury('100');
    const other = await createTestOrganization();
    const otherWallet = await apiClient(other.credentials).request<{ id: string }>('POST', WALLETS, {
      body: { chain_id: await chainId('tron'), address: sandboxAddress('tron') },
    });
    const cases: [unknown, number, string, string][] = [
      [{ amount: '100.01', wallet_id: walletId }, 400, 'insufficient_balance', 'amount'],
      [{ amount: '1.1234567', wallet_id: walletId }, 422, 'invalid_parameter', 'amount'],
      [{ amount: '-5', wallet_id: walletId }, 422, 'invalid_parameter', 'amount'],
      [{ amount: '5', wallet_id: 'nope' }, 422, 'invalid_parameter', 'wallet_id'],
      [{ amount: '5', wallet_id: otherWallet.data.id }, 400, 'wallet_not_found', 'wallet_id'],
      [{ amount: '5' }, 422, 'invalid_parameter', 'wallet_id'],
    ];
    for (const [body, status, code, param] of cases) {
      const response = await client.send('POST', W, { body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(await errorOf(response)).toMatchObject({ type: 'validation_error', code, param });
    }
    expect((await client.request<Page<Withdrawal>>('GET', W)).data.meta.total).toBe(0);
    expect(await getBalance(db(), org.orgId)).toMatchObject({ available: '100.00', held: '0.00' });
  });

  it('members may list but not withdraw (403 in the liquidity envelope); the entitlement is required', async () => {
    const { org, walletId } = await treasury('100');
    const member = apiClient(await addApiKey(org.orgId, { role: 'member' }));
    expect((await member.send('GET', W)).status).toBe(200);
    const refused = await member.send('POST', W, { body: { amount: '1', wallet_id: walletId } });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ type: 'auth_error', code: 'forbidden' });

    const payoutsOnly = await createTestOrganization({ entitlements: ['payouts'] });
    const response = await apiClient(payoutsOnly.credentials).send('GET', W);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('forbidden');
    // Corridors are open to any entitled organization.
    expect(
      (await apiClient(payoutsOnly.credentials).send('GET', '/api/v2/liquidity/management/corridors')).status,
    ).toBe(200);
  });

  it('401 and 429 answer in the liquidity envelope', async () => {
    const unsigned = await fetchRoute(W, { headers: { 'x-api-key': 'sk_sandbox_nope' } });
    expect(unsigned.status).toBe(401);
    expect(await errorOf(unsigned)).toMatchObject({ type: 'auth_error', code: 'invalid_token' });

    const org = await createTestOrganization({ rateLimitPerMinute: 2 });
    const client = apiClient(org.credentials);
    await client.send('GET', W);
    await client.send('GET', W);
    const limited = await client.send('GET', W);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('2');
    expect(await errorOf(limited)).toMatchObject({ type: 'rate_limit_error', code: 'too_many_requests' });
  });

  it('another organization’s withdrawal, or a non-UUID id, is resource_not_found without a leak', async () => {
    const { client, walletId } = await treasury('100');
    const { data: w } = await client.request<Withdrawal>('POST', W, {
      body: { amount: '1', wallet_id: walletId },
    });
    const stranger = apiClient((await createTestOrganization()).credentials);
    for (const path of [`${W}/${w.id}`, `${W}/not-a-uuid`, `/api/v2/sandbox/withdrawals/${w.id}/advance`]) {
      const response = await stranger.send(path.includes('advance') ? 'POST' : 'GET', path);
      expect(response.status, path).toBe(404);
      const error = await errorOf(response).catch(() => null);
      if (!path.includes('sandbox')) {
        expect(error).toMatchObject({ type: 'validation_error', code: 'resource_not_found' });
        expect(JSON.stringify(error)).not.toContain(w.id);
      }
    }
    expect((await stranger.request<Page<Withdrawal>>('GET', W)).data).toEqual({
      items: [],
      meta: { limit: 50, page: 1, total: 0, has_more: false },
    });
  });

  it('pages newest first with filters and totals, and refuses bad limit/page with a param', async () => {
    const { client, walletId } = await treasury('1000');
    const eth = await client.request<{ id: string }>('POST', WALLETS, {
      body: { chain_id: await chainId('ethereum'), address: sandboxAddress('evm') },
    });
    const made: Withdrawal[] = [];
    for (let i = 0; i < 7; i += 1) {
      const wallet_id = i % 3 === 0 ? eth.data.id : walletId;
      made.push(
        (await client.request<Withdrawal>('POST', W, { body: { amount: `${i + 1}`, wallet_id } })).data,
      );
    }
    await client.request('POST', `/api/v2/sandbox/withdrawals/${made[0]!.id}/advance`);
    const newestFirst = [...made].reverse().map((w) => w.id);

    const page1 = await client.request<Page<Withdrawal>>('GET', `${W}?limit=3`);
    const page3 = await client.request<Page<Withdrawal>>('GET', `${W}?limit=3&page=3`);
    expect(page1.data.items.map((w) => w.id)).toEqual(newestFirst.slice(0, 3));
    expect(page3.data.items.map((w) => w.id)).toEqual(newestFirst.slice(6));
    expect(page3.data.meta).toEqual({ limit: 3, page: 3, total: 7, has_more: false });
    const page2 = await client.request<Page<Withdrawal>>('GET', `${W}?limit=3&page=2`);
    expect(page2.data.items.map((w) => w.id)).toEqual(newestFirst.slice(3, 6));
    const past = await client.request<Page<Withdrawal>>('GET', `${W}?limit=3&page=4`);
    expect(past.data).toEqual({ items: [], meta: { limit: 3, page: 4, total: 7, has_more: false } });
    const huge = await client.request<Page<Withdrawal>>('GET', `${W}?page=9007199254740991`);
    expect(huge.data.items).toEqual([]);

    const ethId = await chainId('ethereum');
    const onEth = await client.request<Page<Withdrawal>>('GET', `${W}?chainId=${ethId}`);
    expect(onEth.data.meta.total).toBe(3);
    expect(onEth.data.items.every((w) => w.chain_id === ethId)).toBe(true);
    const processing = await client.request<Page<Withdrawal>>(
      'GET',
      `${W}?status=PROCESSING&chainId=${ethId}`,
    );
    expect(processing.data.items.map((w) => w.id)).toEqual([made[0]!.id]);
    expect(processing.data.meta.total).toBe(1);
    const submitted = await client.request<Page<Withdrawal>>('GET', `${W}?status=SUBMITTED&limit=4&page=2`);
    expect(submitted.data.meta).toEqual({ limit: 4, page: 2, total: 6, has_more: false });
    expect(submitted.data.items.map((w) => w.id)).toEqual(newestFirst.slice(4, 6));

    for (const [query, param] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['status=DONE', 'status'],
      ['chainId=tron', 'chainId'],
    ]) {
      const response = await client.send('GET', `${W}?${query}`);
      expect(response.status, query).toBe(422);
      expect(await errorOf(response)).toMatchObject({
        type: 'validation_error',
        code: 'invalid_parameter',
        param,
      });
    }
  });
});

describe('deep pages', () => {
  it('seek through counter blocks to exactly the rows a plain ORDER BY … OFFSET gives, with every filter', async () => {
    const { org, client, walletId } = await treasury('10');
    const tron = await chainId('tron');
    const eth = await chainId('ethereum');
    const ethWallet = await client.request<{ id: string }>('POST', WALLETS, {
      body: { chain_id: eth, address: sandboxAddress('evm') },
    });
    const [hold] = await db().execute<{ id: string }>(
      sql`select id from ledger_transactions where org_id = ${org.orgId} limit 1`,
    );
    // 3,000 rows (three blocks of 1,024 seq values), statuses and chains interleaved, loaded in one statement.
    await db().execute(sql`
      with rows as (
        select n, gen_random_uuid() as request_id,
               case when n % 3 = 0 then ${eth}::uuid else ${tron}::uuid end as chain_id,
               case when n % 3 = 0 then ${ethWallet.data.id}::uuid else ${walletId}::uuid end as wallet_id,
               case when n % 5 = 0 then 'FAILED' when n % 7 = 0 then 'PROCESSING' else 'COMPLETED' end as status
          from generate_series(1, 3000) n
      ), requests as (
        insert into withdrawal_requests (id, org_id, chain_id, wallet_id, amount, status, requested_by_api_key_id,
                                         hold_transaction_id, created_at)
        select request_id, ${org.orgId}, chain_id, wallet_id, 1, 'submitted', ${org.credentials.apiKeyId}, ${hold!.id},
               now() - make_interval(secs => 3001 - n)
          from rows returning id
      )
      insert into withdrawals (org_id, id, withdrawal_request_id, seq, chain_id, wallet_id, amount, wallet_address,
                               transaction_hash, custody_transaction_id, status, sub_status, failure_reason,
                               outcome_transaction_id, created_at)
      select ${org.orgId}, gen_random_uuid(), request_id, n, chain_id, wallet_id, 1, 'x',
             case when status = 'COMPLETED' then 'h' || n end, case when status <> 'SUBMITTED' then 'c' || n end,
             status, case status when 'FAILED' then 'broadcast_failed' when 'PROCESSING' then 'signing' else 'confirmed' end,
             case when status = 'FAILED' then 'failed' end, case when status in ('COMPLETED', 'FAILED') then ${hold!.id}::uuid end,
             now() - make_interval(secs => 3001 - n)
        from rows where (select count(*) from requests) > 0`);

    const expected = async (where: ReturnType<typeof sql>, limit: number, offset: number) =>
      (
        await db().execute<{ id: string }>(
          sql`select id from withdrawals where org_id = ${org.orgId} and ${where}
              order by created_at desc, id desc limit ${limit} offset ${offset}`,
        )
      ).map((row) => row.id);
    const cases: [string, ReturnType<typeof sql>][] = [
      ['', sql`true`],
      ['&status=COMPLETED', sql`status = 'COMPLETED'`],
      ['&status=FAILED', sql`status = 'FAILED'`],
      [`&chainId=${eth}`, sql`chain_id = ${eth}`],
      [`&status=PROCESSING&chainId=${tron}`, sql`status = 'PROCESSING' and chain_id = ${tron}`],
    ];
    for (const [filter, where] of cases) {
      const [{ n }] = (await db().execute<{ n: number }>(
        sql`select count(*)::int as n from withdrawals where org_id = ${org.orgId} and ${where}`,
      )) as unknown as [{ n: number }];
      const last = Math.ceil(n / 100);
      for (const page of [1, 2, Math.ceil(last / 2), 11, last - 1, last, last + 1]) {
        if (page < 1) continue;
        const response = await client.request<Page<Withdrawal>>(
          'GET',
          `${W}?limit=100&page=${page}${filter}`,
        );
        expect(response.data.meta.total, filter).toBe(n);
        expect(
          response.data.items.map((w) => w.id),
          `${filter} page ${page}`,
        ).toEqual(await expected(where, 100, (page - 1) * 100));
      }
    }
  });
});

describe('address book', () => {
  it('validates addresses per chain, stores EVM in checksum case, lists, removes, and records events', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const tron = await chainId('tron');
    const eth = await chainId('ethereum');
    const tronAddress = sandboxAddress('tron');
    const broken = `${tronAddress.slice(0, -1)}${tronAddress.endsWith('a') ? 'b' : 'a'}`;
    const evm = sandboxAddress('evm');
    const mixedWrong =
      evm.slice(0, 2) +
      [...evm.slice(2)]
        .map((c) => (/[a-f]/.test(c) ? c.toUpperCase() : /[A-F]/.test(c) ? c.toLowerCase() : c))
        .join('');

    for (const [chain_id, address] of [
      [tron, broken],
      [tron, evm],
      [eth, tronAddress],
      [eth, '0x1234'],
      [eth, mixedWrong],
    ]) {
      const response = await client.send('POST', WALLETS, { body: { chain_id, address } });
      expect(response.status, address).toBe(422);
      expect(await errorOf(response)).toMatchObject({ code: 'invalid_parameter', param: 'address' });
    }
    const unknownChain = await client.send('POST', WALLETS, {
      body: { chain_id: '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e', address: tronAddress },
    });
    expect(unknownChain.status).toBe(400);
    expect(await errorOf(unknownChain)).toMatchObject({ code: 'chain_not_found', param: 'chain_id' });

    const lower = await client.request<{ id: string; address: string; status: string; chain: string }>(
      'POST',
      WALLETS,
      { body: { chain_id: eth, address: evm.toLowerCase(), label: 'Ops' } },
    );
    expect(lower.data).toMatchObject({
      address: toChecksumAddress(evm),
      status: 'ACTIVE',
      chain: 'ethereum',
    });
    const duplicate = await client.send('POST', WALLETS, { body: { chain_id: eth, address: evm } });
    expect(duplicate.status).toBe(409);
    expect(await errorOf(duplicate)).toMatchObject({ code: 'wallet_exists', param: 'address' });

    const list = await client.request<Page<{ id: string }>>('GET', WALLETS);
    expect(list.data.meta.total).toBe(1);
    const removed = await client.request<{ status: string }>('DELETE', `${WALLETS}/${lower.data.id}`);
    expect(removed.data.status).toBe('REMOVED');
    expect((await client.request<Page<unknown>>('GET', WALLETS)).data.meta.total).toBe(0);
    const gone = await client.send('DELETE', `${WALLETS}/${lower.data.id}`);
    expect(gone.status).toBe(404);
    const refused = await client.send('POST', W, { body: { amount: '1', wallet_id: lower.data.id } });
    expect(await errorOf(refused)).toMatchObject({ code: 'wallet_not_found', param: 'wallet_id' });
    // Re-adding is allowed after removal.
    expect((await client.send('POST', WALLETS, { body: { chain_id: eth, address: evm } })).status).toBe(201);
  });

  it('in production a new address cools off for 24 hours before withdrawals may use it', async () => {
    const { org, client } = await treasury('100');
    process.env.APP_ENV = 'production';
    const { resetEnvCache } = await import('@/lib/platform/env');
    resetEnvCache();
    try {
      const { addWallet } = await import('@/lib/liquidity/server/wallets');
      const wallet = await addWallet(db(), {
        orgId: org.orgId,
        chainId: await chainId('tron'),
        address: sandboxAddress('tron'),
        actor: SYSTEM_ACTOR,
      });
      expect(wallet.status).toBe('COOLING_OFF');
      expect(new Date(wallet.usable_from).getTime() - new Date(wallet.created_at).getTime()).toBe(86_400_000);
      const { createWithdrawal } = await import('@/lib/liquidity/server/withdrawals');
      await expect(
        createWithdrawal(db(), {
          orgId: org.orgId,
          amount: '1',
          walletId: wallet.id,
          actor: SYSTEM_ACTOR,
          requestedBy: { apiKeyId: org.credentials.apiKeyId },
        }),
      ).rejects.toMatchObject({ code: 'wallet_cooling_off', param: 'wallet_id' });
    } finally {
      process.env.APP_ENV = 'sandbox';
      resetEnvCache();
    }
    expect((await client.request<Page<unknown>>('GET', W)).data.meta.total).toBe(0);
  });
});

describe('reference data, loans, routes and proofs', () => {
  it('chains and corridors (numbers at the edge, filters)', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    await db()
      .insert(corridors)
      .values([
        { name: 'EUR payouts', currency: 'EUR', minAmount: '10.00', maxAmount: '250000.50' },
        { name: 'Old JPY', currency: 'JPY', status: 'INACTIVE', minAmount: '1000', maxAmount: '5000000' },
      ]);
    const chainList = await client.request<Page<{ code: string; status: string }>>(
      'GET',
      '/api/v2/liquidity/management/chains',
    );
    expect(chainList.data.items.map((c) => c.code).sort()).toEqual(['ethereum', 'tron']);
    const active = await client.request<Page<Record<string, unknown>>>(
      'GET',
      '/api/v2/liquidity/management/corridors?status=ACTIVE&currency=eur',
    );
    expect(active.data.meta.total).toBe(1);
    expect(Object.keys(active.data.items[0]!).sort()).toEqual(CORRIDOR_FIELDS);
    expect(active.data.items[0]).toMatchObject({ currency: 'EUR', min_amount: 10, max_amount: 250000.5 });
    const bad = await client.send('GET', '/api/v2/liquidity/management/corridors?status=ON');
    expect(await errorOf(bad)).toMatchObject({ code: 'invalid_parameter', param: 'status' });
  });

  it('loans and repayments, with filters', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const loan = await createLoan(db(), {
      orgId: org.orgId,
      principal: '1000',
      interestRatePercent: '8.5',
      drawnAmount: '800',
      status: 'ACTIVE',
      startsOn: '2026-01-01',
      dueOn: '2026-07-01',
    });
    const other = await createLoan(db(), {
      orgId: org.orgId,
      principal: '50',
      interestRatePercent: '0',
      startsOn: '2026-02-01',
      dueOn: '2026-03-01',
    });
    await recordLoanRepayment(db(), {
      orgId: org.orgId,
      loanId: loan.id,
      amount: '300',
      paidAt: new Date('2026-03-01T00:00:00Z'),
    });
    const loans = await client.request<Page<Record<string, unknown>>>(
      'GET',
      '/api/v2/liquidity/management/loans?status=ACTIVE',
    );
    expect(loans.data.meta.total).toBe(1);
    expect(loans.data.items[0]).toMatchObject({
      id: loan.id,
      principal: '1000.00',
      drawn_amount: '800.00',
      repaid_amount: '300.00',
      outstanding_amount: '500.00',
      interest_rate_percent: '8.5',
    });
    const repayments = await client.request<Page<{ loan_id: string; amount: string }>>(
      'GET',
      `/api/v2/liquidity/management/loan-repayments?loan_id=${loan.id}`,
    );
    expect(repayments.data.items).toMatchObject([{ loan_id: loan.id, amount: '300.00' }]);
    const none = await client.request<Page<unknown>>(
      'GET',
      `/api/v2/liquidity/management/loan-repayments?loan_id=${other.id}`,
    );
    expect(none.data.meta.total).toBe(0);
  });

  it('routes, their proofs as a JSON array, downloads whose SHA-256 matches, and isolation', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const [corridor] = await db()
      .insert(corridors)
      .values({ name: 'INR payouts', currency: 'INR', minAmount: '100', maxAmount: '1000000' })
      .returning();
    const route = await createSettlementRoute(db(), {
      orgId: org.orgId,
      name: 'INR via TRON',
      corridorId: corridor!.id,
      chainId: await chainId('tron'),
      counterparty: 'Deccan Payments',
    });
    const pdf = await simplePdf('Proof of settlement', ['Amount settled: 380000.00 INR']);
    const proof = await attachProofOfSettlement(db(), {
      orgId: org.orgId,
      routeId: route.id,
      fileName: 'settlement-2026-11-01.pdf',
      content: pdf,
      recordedAt: new Date('2026-11-01T10:00:00Z'),
    });
    await recordUtilizationProof(db(), {
      orgId: org.orgId,
      amount: '380000.25',
      currency: 'INR',
      routeId: route.id,
    });
    await recordUtilizationProof(db(), { orgId: org.orgId, amount: '1000', currency: 'USDT' });

    const routes = await client.request<Page<{ id: string }>>(
      'GET',
      `/api/v2/liquidity/utilization/routes?corridor_id=${corridor!.id}&status=ACTIVE`,
    );
    expect(routes.data.items.map((r) => r.id)).toEqual([route.id]);

    const proofs = await client.request<Record<string, unknown>[]>(
      'GET',
      `/api/v2/liquidity/utilization/proof-of-settlement/route/${route.id}`,
    );
    expect(Array.isArray(proofs.data)).toBe(true);
    expect(proofs.data).toHaveLength(1);
    expect(Object.keys(proofs.data[0]!).sort()).toEqual(PROOF_FIELDS);
    expect(proofs.data[0]).toMatchObject({
      id: proof.id,
      mime_type: 'application/pdf',
      file_size: pdf.length,
    });

    const url = new URL(proofs.data[0]!.url as string);
    const download = await client.send('GET', url.pathname);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(proofs.data[0]!.file_size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(proofs.data[0]!.hash_sha256);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('filename="settlement-2026-11-01.pdf"');
    expect(download.headers.get('repr-digest')).toBe(
      `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`,
    );

    const utilization = await client.request<Record<string, unknown>[]>(
      'GET',
      '/api/v2/liquidity/utilization/proofs',
    );
    expect(utilization.data).toHaveLength(2);
    for (const item of utilization.data) expect(Object.keys(item).sort()).toEqual(UTILIZATION_FIELDS);
    expect(utilization.data.map((u) => u.amount)).toEqual([1000, 380000.25]);
    const paged = await client.request<unknown[]>(
      'GET',
      '/api/v2/liquidity/utilization/proofs?limit=1&page=2',
    );
    expect(paged.data).toEqual([utilization.data[1]]);
    // Either parameter alone asks for a page: limit alone is page 1, page alone pages by 50.
    const firstOnly = await client.request<unknown[]>('GET', '/api/v2/liquidity/utilization/proofs?limit=1');
    expect(firstOnly.data).toEqual([utilization.data[0]]);
    const pastTheEnd = await client.request<unknown[]>('GET', '/api/v2/liquidity/utilization/proofs?page=2');
    expect(pastTheEnd.data).toEqual([]);
    const badLimit = await client.send('GET', '/api/v2/liquidity/utilization/proofs?limit=101');
    expect(badLimit.status).toBe(422);
    expect(await errorOf(badLimit)).toMatchObject({ code: 'invalid_parameter', param: 'limit' });

    const stranger = apiClient((await createTestOrganization()).credentials);
    for (const path of [
      `/api/v2/liquidity/utilization/proof-of-settlement/route/${route.id}`,
      '/api/v2/liquidity/utilization/proof-of-settlement/route/not-a-uuid',
      '/api/v2/liquidity/utilization/proof-of-settlement/route/01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e',
      url.pathname,
    ]) {
      const response = await stranger.send('GET', path);
      expect(response.status, path).toBe(404);
      // Counted like any authenticated request, so it says how much of the window is left.
      expect(response.headers.get('x-ratelimit-remaining'), path).toMatch(/^\d+$/);
      expect(await errorOf(response)).toMatchObject({ type: 'validation_error', code: 'resource_not_found' });
    }
    expect((await stranger.request<unknown[]>('GET', '/api/v2/liquidity/utilization/proofs')).data).toEqual(
      [],
    );
  });
});

/** An unsigned request straight to the handlers (the signing client always signs). */
async function fetchRoute(path: string, init: RequestInit): Promise<Response> {
  const { routeFetch } = await import('../api');
  return routeFetch(`http://localhost:3000${path}`, init);
}
