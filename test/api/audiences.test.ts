// Audiences through the real wrapper and routes: who may know an operation exists (404 otherwise), staff
// without an organization, support views reading as admin but changing nothing, and session-only operations.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handle } from '@/lib/app/handle';
import type { NextRouteHandler } from '@/lib/platform/http/handle';
import { defineOperation, type Operation } from '@/lib/platform/operations/operation';
import { apiClient, routeFetch, TEST_BASE_URL, type TestCredentials } from '../api';
import { browserInit, browserRequest, signIn, startView } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

const noParams = { params: Promise.resolve({}) };
const okSchema = z.object({ ok: z.boolean() });

/** A test-only operation of any audience, served by the real wrapper. */
function probe(declaration: Partial<Operation> & Pick<Operation, 'method' | 'path'>): NextRouteHandler {
  const operation = defineOperation({
    id: 'probeAudience',
    summary: 'audience probe',
    tags: ['Test'],
    response: { status: 200, description: 'ok', schema: okSchema },
    ...declaration,
  });
  return handle(operation, async () => ({ ok: true }));
}

type Caller = { cookie: string } | { credentials: TestCredentials };

async function call(handler: NextRouteHandler, caller: Caller, method: string, path: string, body?: string) {
  if ('cookie' in caller) return handler(browserRequest(caller.cookie, method, path, body), noParams);
  const client = apiClient(caller.credentials);
  let response: Response | undefined;
  Object.assign(client, {
    fetchImpl: async (url: string, init: RequestInit) => {
      response = await handler(new Request(url, init), noParams);
      return response;
    },
  });
  await client.send(
    method,
    path,
    body ? { rawBody: body, headers: { 'content-type': 'application/json' } } : {},
  );
  return response!;
}

/** Through the real route files. */
function route(caller: Caller, method: string, path: string, body?: string) {
  if ('cookie' in caller)
    return routeFetch(`${TEST_BASE_URL}${path}`, browserInit(caller.cookie, method, body));
  return apiClient(caller.credentials).send(
    method,
    path,
    body ? { rawBody: body, headers: { 'content-type': 'application/json' } } : {},
  );
}

const NOT_FOUND = { statusCode: 404, code: 'resource_not_found', message: 'Not found' };

describe('staff operations', () => {
  it('GET /api/v2/support/me serves staff only: keys and client users get 404 as if it did not exist', async () => {
    const org = await createTestOrganization();
    const client = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const staff = await signIn({ staffRole: 'support' });

    const byKey = await route({ credentials: org.credentials }, 'GET', '/api/v2/support/me');
    expect(byKey.status).toBe(404);
    expect(await byKey.json()).toEqual(NOT_FOUND);
    const byClient = await route(client, 'GET', '/api/v2/support/me');
    expect(byClient.status).toBe(404);
    expect(await byClient.json()).toEqual(NOT_FOUND);
    expect((await routeFetch(`${TEST_BASE_URL}/api/v2/support/me`)).status).toBe(401);

    const me = await route(staff, 'GET', '/api/v2/support/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: staff.userId, staff_role: 'support', view: null });
  });

  it('a staff member outside a view acts for no organization: org operations are 403, staff ones served', async () => {
    const staff = await signIn({ staffRole: 'support' });
    const balance = await route(staff, 'GET', '/api/v2/funding/balance');
    expect(balance.status).toBe(403);
    expect(await balance.json()).toEqual({
      statusCode: 403,
      code: 'forbidden',
      message: 'No organization is selected for this session',
    });
    expect((await route(staff, 'GET', '/api/v2/support/me')).status).toBe(200);
  });

  it('in a view, staff read the organization as its admin, change nothing through it, and still use staff operations', async () => {
    const org = await createTestOrganization({ name: 'Viewed Ltd' });
    const staff = await signIn({ staffRole: 'support' });
    const viewId = await startView(staff, org.orgId, 'TICKET-77');

    const me = await route(staff, 'GET', '/api/v2/support/me');
    expect(await me.json()).toMatchObject({
      view: { id: viewId, org_id: org.orgId, org_name: 'Viewed Ltd', reason: 'TICKET-77' },
    });

    const adminRead = probe({ method: 'GET', path: '/api/v2/probe/admin-read', role: 'admin' });
    expect((await call(adminRead, staff, 'GET', '/api/v2/probe/admin-read')).status).toBe(200);

    const orgWrite = probe({ method: 'POST', path: '/api/v2/probe/org-write', idempotent: false });
    const refused = await call(orgWrite, staff, 'POST', '/api/v2/probe/org-write');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: 'This is a read-only support view: changes are not allowed',
    });
    const deposit = await route(staff, 'POST', '/api/v2/sandbox/deposits', JSON.stringify({ amount: '1' }));
    expect(deposit.status).toBe(403);

    const staffWrite = probe({
      method: 'POST',
      path: '/api/v2/support/probe/end-view',
      audience: 'staff',
      idempotent: false,
    });
    expect((await call(staffWrite, staff, 'POST', '/api/v2/support/probe/end-view')).status).toBe(200);

    // The staff member's own user-level operations wait until the view ends: a view is not the person.
    const userRead = probe({ method: 'GET', path: '/api/v2/probe/user-read', audience: 'user' });
    const closed = await call(userRead, staff, 'GET', '/api/v2/probe/user-read');
    expect(closed.status).toBe(403);
    expect(await closed.json()).toMatchObject({
      message: 'Not available in a read-only support view: end the view first',
    });
  });

  it('a support_lead operation refuses plain support with 403, and answers 404 in the liquidity envelope to keys', async () => {
    const org = await createTestOrganization();
    const support = await signIn({ staffRole: 'support' });
    const lead = await signIn({ staffRole: 'support_lead' });
    const pricing = probe({
      method: 'GET',
      path: '/api/v2/liquidity/probe/pricing',
      audience: 'staff',
      staffRoles: ['support_lead'],
    });
    const refused = await call(pricing, support, 'GET', '/api/v2/liquidity/probe/pricing');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        type: 'auth_error',
        code: 'forbidden',
        message: 'This operation requires the support_lead role',
      },
    });
    expect((await call(pricing, lead, 'GET', '/api/v2/liquidity/probe/pricing')).status).toBe(200);
    const byKey = await call(
      pricing,
      { credentials: org.credentials },
      'GET',
      '/api/v2/liquidity/probe/pricing',
    );
    expect(byKey.status).toBe(404);
    expect(await byKey.json()).toEqual({
      error: { type: 'validation_error', code: 'resource_not_found', message: 'Not found' },
    });
  });
});

describe('staff roles: an operation accepts any of the roles it declares', () => {
  const desk = probe({
    method: 'GET',
    path: '/api/v2/support/probe/desk',
    audience: 'staff',
    staffRoles: ['operations'],
  });

  it('the desk (operations) refuses a support lead with 403 naming the role, and serves a lead who also holds operations', async () => {
    const lead = await signIn({ staffRole: 'support_lead' });
    const leadAtTheDesk = await signIn({ staffRole: 'support_lead', moreStaffRoles: ['operations'] });
    const refused = await call(desk, lead, 'GET', '/api/v2/support/probe/desk');
    expect(refused.status).toBe(403);
    // Support paths answer in the payouts envelope.
    expect(await refused.json()).toEqual({
      statusCode: 403,
      code: 'forbidden',
      message: 'This operation requires the operations role',
    });
    expect((await call(desk, leadAtTheDesk, 'GET', '/api/v2/support/probe/desk')).status).toBe(200);
  });

  it("a treasury-only person may not read the console's directory, yet their console shell loads with every role they hold", async () => {
    const treasurer = await signIn({ staffRole: 'treasury' });
    const directory = await route(treasurer, 'GET', '/api/v2/support/organizations');
    expect(directory.status).toBe(403);
    const me = await route(treasurer, 'GET', '/api/v2/support/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ staff_role: 'treasury', staff_roles: ['treasury'] });

    const both = await signIn({ staffRole: 'operations', moreStaffRoles: ['treasury'] });
    expect(await (await route(both, 'GET', '/api/v2/support/me')).json()).toMatchObject({
      staff_role: 'operations',
      staff_roles: ['operations', 'treasury'],
    });
  });
});

describe('user and session-only operations', () => {
  it('PUT /api/v2/session/organization switches a member of two organizations; keys get 404; strangers 404', async () => {
    const first = await createTestOrganization({ name: 'First Co' });
    const second = await createTestOrganization({ name: 'Second Co' });
    const stranger = await createTestOrganization({ name: 'Stranger Co' });
    const person = await signIn({
      memberships: [
        { orgId: first.orgId, role: 'member' },
        { orgId: second.orgId, role: 'approver' },
      ],
    });
    expect(await (await route(person, 'GET', '/api/v2/organizations/me')).json()).toMatchObject({
      name: 'First Co',
    });

    const switched = await route(
      person,
      'PUT',
      '/api/v2/session/organization',
      JSON.stringify({ org_id: second.orgId }),
    );
    expect(switched.status).toBe(200);
    expect(await switched.json()).toEqual({ org_id: second.orgId, role: 'approver' });
    expect(await (await route(person, 'GET', '/api/v2/organizations/me')).json()).toMatchObject({
      name: 'Second Co',
    });

    const elsewhere = await route(
      person,
      'PUT',
      '/api/v2/session/organization',
      JSON.stringify({ org_id: stranger.orgId }),
    );
    expect(elsewhere.status).toBe(404);

    const byKey = await route(
      { credentials: first.credentials },
      'PUT',
      '/api/v2/session/organization',
      JSON.stringify({ org_id: second.orgId }),
    );
    expect(byKey.status).toBe(404);
    expect(await byKey.json()).toEqual(NOT_FOUND);
  });

  it('a user operation serves a signed-in person who acts for no organization', async () => {
    const nobody = await signIn();
    const whoami = probe({ method: 'GET', path: '/api/v2/probe/whoami', audience: 'user' });
    expect((await call(whoami, nobody, 'GET', '/api/v2/probe/whoami')).status).toBe(200);
    const orgOnly = probe({ method: 'GET', path: '/api/v2/probe/org-only' });
    expect((await call(orgOnly, nobody, 'GET', '/api/v2/probe/org-only')).status).toBe(403);
  });

  it('a session-only org operation is 404 to API keys and served to the organization’s users', async () => {
    const org = await createTestOrganization();
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const keys = probe({ method: 'GET', path: '/api/v2/probe/api-keys', session: true, role: 'admin' });
    const byKey = await call(keys, { credentials: org.credentials }, 'GET', '/api/v2/probe/api-keys');
    expect(byKey.status).toBe(404);
    expect((await call(keys, admin, 'GET', '/api/v2/probe/api-keys')).status).toBe(200);
  });
});
