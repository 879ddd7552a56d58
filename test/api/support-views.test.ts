// The support console's server side through the real route files: staff-only operations, "view as organization"
// (start with a reason, one per session, end, expiry), read-only under a view for every state-changing operation
// in the OpenAPI document, the audit trail, the organization's access log and the support lead's export.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { advanceClock, resetClock } from '@/lib/platform/clock';
import { endViewOnSignOut } from '@/lib/support/server/views';
import { apiClient, routeFetch, TEST_BASE_URL, type TestCredentials } from '../api';
import { browserInit, type SignedIn, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';

await useTestDatabase();
afterEach(() => resetClock());

type Caller = SignedIn | { credentials: TestCredentials };

function call(caller: Caller, method: string, path: string, body?: unknown): Promise<Response> {
  const raw = body === undefined ? undefined : JSON.stringify(body);
  if ('cookie' in caller)
    return routeFetch(`${TEST_BASE_URL}${path}`, browserInit(caller.cookie, method, raw));
  return apiClient(caller.credentials).send(
    method,
    path,
    raw ? { rawBody: raw, headers: { 'content-type': 'application/json' } } : {},
  );
}

async function startView(staff: SignedIn, orgId: string, reason = 'TICKET-4711 payout failed') {
  const response = await call(staff, 'POST', '/api/v2/support/view', { org_id: orgId, reason });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; org_id: string; expires_at: string };
}

async function eventsOf(viewId: string) {
  return db()
    .select()
    .from(events)
    .where(and(eq(events.subjectType, 'support_view'), eq(events.subjectId, viewId)));
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

async function openApiOperations() {
  const response = await routeFetch(`${TEST_BASE_URL}/api/v2/openapi.json`);
  expect(response.status).toBe(200);
  const document = (await response.json()) as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        // Every path parameter gets a random UUID: a real id or not, the refusal must come first.
        path: path.replace(/\{[^}]+\}/g, () => randomUUID()),
        template: `${method.toUpperCase()} ${path}`,
        audience: operation['x-public']
          ? 'public'
          : ((operation['x-audience'] as string | undefined) ?? 'org'),
      })),
  );
}

describe('staff operations are invisible to clients', () => {
  it('every staff operation in the document is 404 to API keys and client users (even admins)', async () => {
    const org = await createTestOrganization();
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const staffOperations = (await openApiOperations()).filter((op) => op.audience === 'staff');
    expect(staffOperations.map((op) => op.template)).toEqual(
      expect.arrayContaining(['POST /api/v2/support/view', 'GET /api/v2/support/organizations']),
    );
    for (const op of staffOperations) {
      const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
      for (const caller of [admin, { credentials: org.credentials }]) {
        const response = await call(caller, op.method, op.path, body);
        expect(response.status, op.template).toBe(404);
      }
    }
  });

  it('a client user cannot start a view: 404, and nothing is recorded', async () => {
    const org = await createTestOrganization();
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const response = await call(admin, 'POST', '/api/v2/support/view', {
      org_id: org.orgId,
      reason: 'curious',
    });
    expect(response.status).toBe(404);
    const started = await db().select().from(events).where(eq(events.type, 'support_view.started'));
    expect(started.filter((event) => event.orgId === org.orgId)).toEqual([]);
  });
});

describe('the organization directory', () => {
  it('finds organizations by part of the name or by id, and shows one organization at a glance', async () => {
    const suffix = randomUUID().slice(0, 8);
    const org = await createTestOrganization({ name: `Acme Remit ${suffix}` });
    await fund(org.orgId, '2500');
    const staff = await signIn({ staffRole: 'support' });

    const byName = await call(staff, 'GET', `/api/v2/support/organizations?q=remit%20${suffix}`);
    expect(byName.status).toBe(200);
    const page = (await byName.json()) as { items: { id: string; name: string }[]; meta: { total: number } };
    expect(page.items.map((item) => item.id)).toEqual([org.orgId]);

    const byId = (await (
      await call(staff, 'GET', `/api/v2/support/organizations?q=${org.orgId}`)
    ).json()) as {
      items: { id: string }[];
    };
    expect(byId.items.map((item) => item.id)).toEqual([org.orgId]);

    const wildcard = (await (
      await call(staff, 'GET', '/api/v2/support/organizations?q=%25%25%25')
    ).json()) as {
      meta: { total: number };
    };
    expect(wildcard.meta.total).toBe(0);

    const detail = await call(staff, 'GET', `/api/v2/support/organizations/${org.orgId}`);
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as { balances: { balance: string }[]; name: string };
    expect(body.name).toBe(`Acme Remit ${suffix}`);
    expect(body.balances.map((b) => b.balance)).toContain('2500.00');

    expect((await call(staff, 'GET', `/api/v2/support/organizations/${randomUUID()}`)).status).toBe(404);
    expect((await call(staff, 'GET', '/api/v2/support/organizations/not-a-uuid')).status).toBe(404);
  });
});

describe('view as organization', () => {
  it('needs a reason and an existing organization', async () => {
    const org = await createTestOrganization();
    const staff = await signIn({ staffRole: 'support' });
    const noReason = await call(staff, 'POST', '/api/v2/support/view', { org_id: org.orgId });
    expect(noReason.status).toBe(422);
    const blank = await call(staff, 'POST', '/api/v2/support/view', { org_id: org.orgId, reason: '   ' });
    expect(blank.status).toBe(422);
    const unknown = await call(staff, 'POST', '/api/v2/support/view', {
      org_id: randomUUID(),
      reason: 'T-1',
    });
    expect(unknown.status).toBe(404);
    expect(await (await call(staff, 'GET', '/api/v2/support/view')).json()).toEqual({ view: null });
  });

  it('reads as the organization’s admin for 30 minutes, records start, reads and end, and is ended with one call', async () => {
    const org = await createTestOrganization({ name: 'Viewed Payouts Ltd' });
    await fund(org.orgId, '100');
    const staff = await signIn({ staffRole: 'support' });
    const view = await startView(staff, org.orgId);
    const minutes = (Date.parse(view.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const balance = await call(staff, 'GET', '/api/v2/funding/balance');
    expect(balance.status).toBe(200);
    expect(await (await call(staff, 'GET', '/api/v2/organizations/me')).json()).toMatchObject({
      id: org.orgId,
    });

    const ended = await call(staff, 'DELETE', '/api/v2/support/view');
    expect(ended.status).toBe(200);
    expect((await call(staff, 'GET', '/api/v2/funding/balance')).status).toBe(403);
    expect((await call(staff, 'DELETE', '/api/v2/support/view')).status).toBe(404);

    const recorded = await eventsOf(view.id);
    const types = recorded.map((event) => event.type).sort();
    expect(types).toEqual([
      'support_view.ended',
      'support_view.read',
      'support_view.read',
      'support_view.started',
    ]);
    for (const event of recorded) {
      expect(event).toMatchObject({
        orgId: org.orgId,
        actorType: 'staff',
        actorId: staff.userId,
        impersonationSessionId: view.id,
      });
    }
    expect(recorded.find((event) => event.type === 'support_view.started')?.data).toMatchObject({
      reason: 'TICKET-4711 payout failed',
      org_name: 'Viewed Payouts Ltd',
    });
    const reads = recorded.filter((event) => event.type === 'support_view.read').map((event) => event.data);
    expect(reads).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', path: '/api/v2/funding/balance', status: 200 }),
      ]),
    );
  });

  it('one view per session: another organization only after ending this one; a view cannot escalate', async () => {
    const viewed = await createTestOrganization({ name: 'Viewed Co' });
    const other = await createTestOrganization({ name: 'Other Co' });
    const staff = await signIn({ staffRole: 'support' });
    await startView(staff, viewed.orgId);

    const second = await call(staff, 'POST', '/api/v2/support/view', { org_id: other.orgId, reason: 'T-2' });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: 'view_already_open' });
    const same = await call(staff, 'POST', '/api/v2/support/view', {
      org_id: viewed.orgId,
      reason: 'extend',
    });
    expect(same.status).toBe(409);

    // Switching the session's organization (a user operation, closed during a view) does not move the view either.
    const switched = await call(staff, 'PUT', '/api/v2/session/organization', { org_id: other.orgId });
    expect(switched.status).toBe(403);
    expect(await (await call(staff, 'GET', '/api/v2/organizations/me')).json()).toMatchObject({
      id: viewed.orgId,
    });
    expect(await (await call(staff, 'GET', '/api/v2/support/me')).json()).toMatchObject({
      view: { org_id: viewed.orgId },
    });

    expect((await call(staff, 'DELETE', '/api/v2/support/view')).status).toBe(200);
    const next = await startView(staff, other.orgId, 'T-2');
    expect(next.org_id).toBe(other.orgId);
  });

  it('another staff member’s session does not share the view', async () => {
    const org = await createTestOrganization();
    const first = await signIn({ staffRole: 'support' });
    const second = await signIn({ staffRole: 'support' });
    await startView(first, org.orgId);
    expect((await call(second, 'GET', '/api/v2/funding/balance')).status).toBe(403);
    expect((await call(second, 'DELETE', '/api/v2/support/view')).status).toBe(404);
  });

  it('expires after 30 minutes: access ends at once and the expiry is recorded once', async () => {
    const org = await createTestOrganization();
    const staff = await signIn({ staffRole: 'support' });
    const view = await startView(staff, org.orgId);
    advanceClock(29 * 60_000);
    expect((await call(staff, 'GET', '/api/v2/funding/balance')).status).toBe(200);
    advanceClock(60_000 + 1);
    expect((await call(staff, 'GET', '/api/v2/funding/balance')).status).toBe(403);
    expect(await (await call(staff, 'GET', '/api/v2/support/view')).json()).toEqual({ view: null });
    expect(await (await call(staff, 'GET', '/api/v2/support/view')).json()).toEqual({ view: null });
    const expired = (await eventsOf(view.id)).filter((event) => event.type === 'support_view.expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]?.createdAt.toISOString()).toBe(view.expires_at);
    // The expired view does not block a new one.
    await startView(staff, org.orgId, 'T-again');
  });

  it('signing out ends the view, recorded as such', async () => {
    const org = await createTestOrganization();
    const staff = await signIn({ staffRole: 'support' });
    const view = await startView(staff, org.orgId);
    await endViewOnSignOut(db(), staff.userId, staff.sessionId);
    const ended = (await eventsOf(view.id)).find((event) => event.type === 'support_view.ended');
    expect(ended?.data).toMatchObject({ end_reason: 'signed_out' });
  });
});

describe('read-only under a view', () => {
  it('every state-changing organization operation in the OpenAPI document answers 403, and changes nothing', async () => {
    const org = await createTestOrganization({
      entitlements: ['payouts', 'liquidity_management', 'liquidity_utilization'],
    });
    await fund(org.orgId, '1000');
    const staff = await signIn({ staffRole: 'support_lead' });
    const view = await startView(staff, org.orgId);
    const writes = (await openApiOperations()).filter((op) => op.audience === 'org' && op.method !== 'GET');
    // The walk is only meaningful if the document has state-changing operations to walk.
    expect(writes.map((op) => op.template)).toEqual(
      expect.arrayContaining(['POST /api/v2/sandbox/deposits', 'POST /api/v2/sandbox/clock']),
    );
    for (const op of writes) {
      const response = await call(staff, op.method, op.path, op.method === 'DELETE' ? undefined : {});
      expect(response.status, op.template).toBe(403);
      const text = await response.text();
      expect(text, op.template).toContain('This is a read-only support view: changes are not allowed');
    }
    const balance = (await (await call(staff, 'GET', '/api/v2/funding/balance')).json()) as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(balance)).toContain('1000.00');
    // Refused attempts are part of the view's audit trail too.
    const attempts = (await eventsOf(view.id)).filter(
      (event) => event.type === 'support_view.read' && event.data.status === 403,
    );
    expect(attempts).toHaveLength(writes.length);
  });
});

describe('access log', () => {
  it('organization admins see when and why support viewed them; members and keys do not; other organizations never', async () => {
    const org = await createTestOrganization({ name: 'Audited Co' });
    const other = await createTestOrganization({ name: 'Unrelated Co' });
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const member = await signIn({ memberships: [{ orgId: org.orgId, role: 'member' }] });
    const otherAdmin = await signIn({ memberships: [{ orgId: other.orgId, role: 'admin' }] });
    const staff = await signIn({ staffRole: 'support' });
    const view = await startView(staff, org.orgId, 'ZD-991: why did my payout fail?');
    await call(staff, 'GET', '/api/v2/funding/transactions');
    await call(staff, 'DELETE', '/api/v2/support/view');

    const log = await call(admin, 'GET', '/api/v2/organizations/me/access-log');
    expect(log.status).toBe(200);
    const body = (await log.json()) as { items: Record<string, unknown>[]; meta: { total: number } };
    expect(body.meta.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      id: view.id,
      reason: 'ZD-991: why did my payout fail?',
      end_reason: 'exited',
      reads: 1,
    });
    expect(body.items[0]?.ended_at).not.toBeNull();

    expect((await call(member, 'GET', '/api/v2/organizations/me/access-log')).status).toBe(403);
    expect(
      (await call({ credentials: org.credentials }, 'GET', '/api/v2/organizations/me/access-log')).status,
    ).toBe(404);
    const elsewhere = (await (
      await call(otherAdmin, 'GET', '/api/v2/organizations/me/access-log')
    ).json()) as {
      meta: { total: number };
    };
    expect(elsewhere.meta.total).toBe(0);
  });

  it('support leads list every view and export CSV; plain support is refused', async () => {
    const org = await createTestOrganization({ name: 'Exported Co' });
    const support = await signIn({ staffRole: 'support' });
    const lead = await signIn({ staffRole: 'support_lead' });
    const view = await startView(support, org.orgId, '=HYPERLINK("http://evil")');

    expect((await call(support, 'GET', '/api/v2/support/views')).status).toBe(403);
    expect((await call(support, 'GET', '/api/v2/support/views/export')).status).toBe(403);

    const list = (await (await call(lead, 'GET', `/api/v2/support/views?org_id=${org.orgId}`)).json()) as {
      items: { id: string; end_reason: string | null }[];
    };
    expect(list.items.map((item) => item.id)).toEqual([view.id]);
    expect(list.items[0]?.end_reason).toBeNull();

    const csv = await call(lead, 'GET', `/api/v2/support/views/export?org_id=${org.orgId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split(/\r?\n/)[0]).toContain('view_id,org_id,org_name,staff_email');
    expect(text).toContain(view.id);
    // A reason that a spreadsheet would run as a formula is neutralized.
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});
