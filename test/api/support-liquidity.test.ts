// The support lead's liquidity back office through the real route files: loans, repayments, settlement routes,
// proof-of-settlement uploads (hashed, stored) and utilization proofs, each an event naming the staff member, and
// each visible on the organization's own liquidity API. Support non-leads, client users, keys and view sessions
// are refused.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { corridors } from '@/db/schema/pricing';
import { listChains } from '@/lib/liquidity/server/reference-data';
import { simplePdf } from '@/lib/platform/seed/pdf';
import { apiClient, routeFetch, sendByKey, TEST_BASE_URL } from '../api';
import { browserInit, type SignedIn, sessionFetch, signIn, startView } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { createPayoutOrg, orderItem } from '../payouts-fixtures';

await useTestDatabase();

async function upload(
  caller: SignedIn,
  path: string,
  bytes: Buffer,
  name: string,
  recordedAt: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
  form.set('recorded_at', recordedAt);
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  const encoded = new Response(form);
  return routeFetch(
    `${TEST_BASE_URL}${path}`,
    browserInit(caller.cookie, 'POST', new Uint8Array(await encoded.arrayBuffer()), {
      'content-type': encoded.headers.get('content-type')!,
    }),
  );
}

async function referenceData() {
  const chains = await listChains(db(), { limit: 10, page: 1 });
  // A currency no other test uses (one active corridor per currency, across the database).
  const currency = Array.from({ length: 3 }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');
  const [corridor] = await db()
    .insert(corridors)
    .values({ name: `${currency} back office`, currency, minAmount: '10', maxAmount: '1000' })
    .returning();
  return { chainId: chains.items[0]!.id, corridorId: corridor!.id };
}

const LOAN = {
  principal: '250000.00',
  interest_rate_percent: '8.5',
  drawn_amount: '100000',
  status: 'ACTIVE',
  starts_on: '2026-11-01',
  due_on: '2027-05-01',
};

describe('liquidity back office (support lead)', () => {
  it('a lead makes loans, repayments, routes, proofs and utilization that the organization then sees', async () => {
    const org = await createTestOrganization({ entitlements: ['payouts', 'liquidity_utilization'] });
    const lead = await signIn({ staffRole: 'support_lead' });
    const base = `/api/v2/support/organizations/${org.orgId}/liquidity`;
    const { chainId, corridorId } = await referenceData();

    const loanResponse = await sessionFetch(lead, 'POST', `${base}/loans`, LOAN);
    expect(loanResponse.status).toBe(201);
    const loan = (await loanResponse.json()) as { id: string; outstanding_amount: string };
    expect(loan.outstanding_amount).toBe('100000.00');

    const repayment = await sessionFetch(lead, 'POST', `${base}/loans/${loan.id}/repayments`, {
      amount: '40000',
      paid_at: '2026-11-20T10:00:00Z',
      reference: 'WIRE-7781',
    });
    expect(repayment.status).toBe(201);

    const routeResponse = await sessionFetch(lead, 'POST', `${base}/routes`, {
      name: 'INR via partner bank',
      corridor_id: corridorId,
      chain_id: chainId,
      counterparty: 'Partner Bank Ltd',
    });
    expect(routeResponse.status).toBe(201);
    const route = (await routeResponse.json()) as { id: string };

    const pdf = await simplePdf('Proof of settlement', ['Settled 380000.00 INR']);
    const proofResponse = await upload(
      lead,
      `${base}/routes/${route.id}/proofs`,
      pdf,
      'settlement.pdf',
      '2026-11-21T09:00:00Z',
    );
    expect(proofResponse.status).toBe(201);
    const proof = (await proofResponse.json()) as { hash_sha256: string; file_size: number };
    expect(proof.hash_sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(proof.file_size).toBe(pdf.length);

    const notPdf = await upload(
      lead,
      `${base}/routes/${route.id}/proofs`,
      Buffer.from('hello'),
      'x.pdf',
      '2026-11-21T09:00:00Z',
    );
    expect(notPdf.status).toBe(400);

    const utilization = await sessionFetch(lead, 'POST', `${base}/utilization-proofs`, {
      amount: '12500.50',
      currency: 'EUR',
      route_id: route.id,
      reference: 'UTIL-1',
    });
    expect(utilization.status).toBe(201);

    const office = (await (await sessionFetch(lead, 'GET', base)).json()) as {
      loans: { id: string; repaid_amount: string }[];
      routes: { id: string; proofs: unknown[] }[];
      utilization_proofs: { reference: string | null }[];
      repayments: unknown[];
    };
    expect(office.loans[0]).toMatchObject({ id: loan.id, repaid_amount: '40000.00' });
    expect(office.routes[0]?.proofs).toHaveLength(1);
    expect(office.utilization_proofs[0]?.reference).toBe('UTIL-1');
    expect(office.repayments).toHaveLength(1);

    // The organization sees them on its own liquidity API.
    const client = apiClient(org.credentials);
    const proofs = await client.get<{ url: string }[]>(
      `/api/v2/liquidity/utilization/proof-of-settlement/route/${route.id}`,
    );
    expect(proofs.data).toHaveLength(1);
    const download = await client.get<unknown>(new URL(proofs.data[0]!.url).pathname);
    expect(download.status).toBe(200);

    const recorded = await db()
      .select({ type: events.type, actorType: events.actorType })
      .from(events)
      .where(and(eq(events.orgId, org.orgId), eq(events.actorId, lead.userId)));
    expect(recorded.map((event) => event.type).sort()).toEqual(
      [
        'loan.created',
        'loan.repayment_recorded',
        'settlement_proof.added',
        'settlement_route.created',
        'utilization_proof.recorded',
      ].sort(),
    );
    expect(recorded.every((event) => event.actorType === 'staff')).toBe(true);
  });

  it('a proof that names a batch is listed for that batch with its transaction hash; a foreign or unknown batch is refused', async () => {
    const org = await createPayoutOrg();
    const other = await createPayoutOrg();
    const lead = await signIn({ staffRole: 'support_lead' });
    const base = `/api/v2/support/organizations/${org.orgId}/liquidity`;
    const { chainId, corridorId } = await referenceData();
    const route = (await (
      await sessionFetch(lead, 'POST', `${base}/routes`, {
        name: 'EUR via partner bank',
        corridor_id: corridorId,
        chain_id: chainId,
        counterparty: 'Partner Bank Ltd',
      })
    ).json()) as { id: string };
    const batchOf = async (owner: typeof org) => {
      const created = await owner.client.send('POST', '/api/v2/payouts', {
        body: { orders: [orderItem(owner, '100.00')] },
      });
      expect(created.status).toBe(201);
      return ((await created.json()) as { batch: { id: string } }).batch.id;
    };
    const batchId = await batchOf(org);
    const foreignBatchId = await batchOf(other);
    const hash = '0x8a3f5c0d9e1b2a4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c';
    const pdf = await simplePdf('Proof of settlement', ['Batch settled']);

    // Nothing names the batch yet: its page has nothing to link.
    const before = await org.client.get<unknown[]>(
      `/api/v2/liquidity/utilization/proof-of-settlement/batch/${batchId}`,
    );
    expect(before.status).toBe(200);
    expect(before.data).toEqual([]);

    for (const [wrong, code] of [
      [foreignBatchId, 'batch_not_found'],
      ['00000000-0000-7000-8000-000000000000', 'batch_not_found'],
    ] as const) {
      const refused = await upload(
        lead,
        `${base}/routes/${route.id}/proofs`,
        pdf,
        'p.pdf',
        '2026-11-21T09:00:00Z',
        {
          batch_id: wrong,
        },
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code });
    }

    const attached = await upload(
      lead,
      `${base}/routes/${route.id}/proofs`,
      pdf,
      'batch-settlement.pdf',
      '2026-11-21T09:00:00Z',
      { batch_id: batchId, transaction_hash: hash },
    );
    expect(attached.status).toBe(201);
    expect(await attached.json()).toMatchObject({ batch_id: batchId, transaction_hash: hash });

    const listed = await org.client.get<{ file_name: string; batch_id: string; transaction_hash: string }[]>(
      `/api/v2/liquidity/utilization/proof-of-settlement/batch/${batchId}`,
    );
    expect(listed.data).toEqual([
      expect.objectContaining({
        file_name: 'batch-settlement.pdf',
        batch_id: batchId,
        transaction_hash: hash,
      }),
    ]);
    // The route's list carries the same fields; a proof without them says null.
    const byRoute = await org.client.get<{ transaction_hash: string | null }[]>(
      `/api/v2/liquidity/utilization/proof-of-settlement/route/${route.id}`,
    );
    expect(byRoute.data.map((proof) => proof.transaction_hash)).toEqual([hash]);
    // Another organization asking for this batch learns nothing.
    const elsewhere = await other.client.get<unknown[]>(
      `/api/v2/liquidity/utilization/proof-of-settlement/batch/${batchId}`,
    );
    expect(elsewhere.data).toEqual([]);
  });

  it('refuses bad input in the route envelope: dates out of order, a foreign loan, an unknown organization', async () => {
    const org = await createTestOrganization();
    const other = await createTestOrganization();
    const lead = await signIn({ staffRole: 'support_lead' });
    const base = `/api/v2/support/organizations/${org.orgId}/liquidity`;
    expect(
      (await sessionFetch(lead, 'POST', `${base}/loans`, { ...LOAN, due_on: '2026-01-01' })).status,
    ).toBe(422);
    const otherLoan = (await (
      await sessionFetch(lead, 'POST', `/api/v2/support/organizations/${other.orgId}/liquidity/loans`, LOAN)
    ).json()) as { id: string };
    const foreign = await sessionFetch(lead, 'POST', `${base}/loans/${otherLoan.id}/repayments`, {
      amount: '1',
      paid_at: '2026-11-20T10:00:00Z',
    });
    expect(foreign.status).toBe(400);
    expect(
      (
        await sessionFetch(
          lead,
          'GET',
          '/api/v2/support/organizations/00000000-0000-7000-8000-000000000000/liquidity',
        )
      ).status,
    ).toBe(404);
  });

  it('a lead takes a route out of use and back: the organization sees it, each change is one event', async () => {
    const org = await createTestOrganization({ entitlements: ['payouts', 'liquidity_utilization'] });
    const other = await createTestOrganization({ entitlements: ['payouts', 'liquidity_utilization'] });
    const lead = await signIn({ staffRole: 'support_lead' });
    const base = `/api/v2/support/organizations/${org.orgId}/liquidity`;
    const { chainId, corridorId } = await referenceData();
    const created = await sessionFetch(lead, 'POST', `${base}/routes`, {
      name: 'EUR via SEPA partner',
      corridor_id: corridorId,
      chain_id: chainId,
      counterparty: 'Partner Bank AG',
    });
    const route = (await created.json()) as { id: string; status: string; updated_at: string };
    expect(route.status).toBe('ACTIVE');

    const deactivated = await sessionFetch(lead, 'PATCH', `${base}/routes/${route.id}`, {
      status: 'INACTIVE',
    });
    expect(deactivated.status).toBe(200);
    expect(await deactivated.json()).toMatchObject({ id: route.id, status: 'INACTIVE' });
    // Asking again for the status it has changes nothing and records nothing.
    expect(
      (await sessionFetch(lead, 'PATCH', `${base}/routes/${route.id}`, { status: 'INACTIVE' })).status,
    ).toBe(200);

    const seen = await apiClient(org.credentials).get<{ items: { id: string; status: string }[] }>(
      '/api/v2/liquidity/utilization/routes',
    );
    expect(seen.data.items.find((item) => item.id === route.id)?.status).toBe('INACTIVE');

    const changes = await db()
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.subjectId, route.id), eq(events.type, 'settlement_route.status_changed')));
    expect(changes).toHaveLength(1);
    expect(changes[0]!.data).toMatchObject({ status: 'INACTIVE', previous_status: 'ACTIVE' });

    const reactivated = await sessionFetch(lead, 'PATCH', `${base}/routes/${route.id}`, { status: 'ACTIVE' });
    expect(await reactivated.json()).toMatchObject({ status: 'ACTIVE' });

    // Bad input is refused and nothing changes; another organization's route is not found through this one.
    const bad = await sessionFetch(lead, 'PATCH', `${base}/routes/${route.id}`, { status: 'PAUSED' });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('status');
    const foreign = await sessionFetch(
      lead,
      'PATCH',
      `/api/v2/support/organizations/${other.orgId}/liquidity/routes/${route.id}`,
      { status: 'INACTIVE' },
    );
    expect(foreign.status).toBe(404);
    const after = await apiClient(org.credentials).get<{ items: { id: string; status: string }[] }>(
      '/api/v2/liquidity/utilization/routes',
    );
    expect(after.data.items.find((item) => item.id === route.id)?.status).toBe('ACTIVE');
  });

  it('support non-leads get 403, client users and keys 404, and a lead inside a view 403', async () => {
    const org = await createTestOrganization();
    const support = await signIn({ staffRole: 'support' });
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const base = `/api/v2/support/organizations/${org.orgId}/liquidity`;
    const attempts: [string, string, unknown][] = [
      ['GET', base, undefined],
      ['POST', `${base}/loans`, LOAN],
      [
        'POST',
        `${base}/routes`,
        { name: 'x', corridor_id: org.orgId, chain_id: org.orgId, counterparty: 'x' },
      ],
      ['POST', `${base}/utilization-proofs`, { amount: '1', currency: 'EUR' }],
      ['POST', `${base}/loans/${org.orgId}/repayments`, { amount: '1', paid_at: '2026-11-20T10:00:00Z' }],
      ['PATCH', `${base}/routes/${org.orgId}`, { status: 'INACTIVE' }],
    ];
    for (const [method, path, body] of attempts) {
      expect((await sessionFetch(support, method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await sessionFetch(admin, method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await sendByKey(org.credentials, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(
      (
        await upload(
          support,
          `${base}/routes/${org.orgId}/proofs`,
          await simplePdf('x', []),
          'x.pdf',
          '2026-11-21T09:00:00Z',
        )
      ).status,
    ).toBe(403);

    const viewing = await signIn({ staffRole: 'support_lead' });
    await startView(viewing, org.orgId);
    const refused = await sessionFetch(viewing, 'POST', `${base}/loans`, LOAN);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('read-only support view');
    const pricing = await sessionFetch(viewing, 'PUT', '/api/v2/support/pricing/margins', {
      org_id: org.orgId,
      currency: null,
      margin_bps: '10',
    });
    expect(pricing.status).toBe(403);
    const office = (await (await sessionFetch(viewing, 'GET', base)).json()) as { loans: unknown[] };
    expect(office.loans).toEqual([]);
  });
});
