// The organization's settings for approvals through the real routes (issue #42 §1, DESIGN "Notifications"): what a new
// organization starts with, an admin's change (audited with before and after), a member's refusal, bad input refused
// with nothing stored, and an API key reading but never changing them; and `require_review_digest` as confirm obeys
// it (DESIGN "Approvals": required when on; without it, a deprecated confirm answered `Deprecation` with no `Sunset`).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { createOrganization } from '@/lib/identity/server/organizations/create-organization';
import { apiClient, sendByKey } from '../api';
import { sessionCall, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { balanceOf, callJson, createPayoutOrg, orderItem } from '../payouts-fixtures';

await useTestDatabase();

const PATH = '/api/v2/organizations/me/settings';

describe('organization settings', () => {
  it('start with the digest required, a 1% tolerance and no low-balance notice; an admin changes them, audited', async () => {
    // Opened as every organization is from 2.10.0 (the test fixtures play older integrators and switch it off).
    const org = { orgId: (await createOrganization(db(), { name: 'Opened in 2.10.0' })).id };
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });

    const initial = await sessionCall(admin, 'GET', PATH);
    expect(initial).toMatchObject({
      status: 200,
      body: { require_review_digest: true, requote_tolerance_percent: '1', low_balance_threshold_usdt: null },
    });

    const changed = await sessionCall(admin, 'PATCH', PATH, {
      requote_tolerance_percent: '2.5',
      low_balance_threshold_usdt: '25000',
    });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        require_review_digest: true,
        requote_tolerance_percent: '2.5',
        low_balance_threshold_usdt: '25000.00',
      },
    });
    // Unnamed settings keep their value; null switches the notice off.
    const off = await sessionCall(admin, 'PATCH', PATH, {
      require_review_digest: false,
      low_balance_threshold_usdt: null,
    });
    expect(off.body).toMatchObject({
      require_review_digest: false,
      requote_tolerance_percent: '2.5',
      low_balance_threshold_usdt: null,
    });
    // Changing nothing records nothing.
    expect((await sessionCall(admin, 'PATCH', PATH, { require_review_digest: false })).status).toBe(200);

    const audit = await db()
      .select({ data: events.data, actorId: events.actorId })
      .from(events)
      .where(and(eq(events.orgId, org.orgId), eq(events.type, 'organization.settings_updated')))
      .orderBy(events.createdAt);
    expect(audit).toEqual([
      {
        actorId: admin.userId,
        data: {
          changes: {
            requote_tolerance_percent: { from: '1', to: '2.5' },
            low_balance_threshold_usdt: { from: null, to: '25000.00' },
          },
        },
      },
      {
        actorId: admin.userId,
        data: {
          changes: {
            require_review_digest: { from: true, to: false },
            low_balance_threshold_usdt: { from: '25000.00', to: null },
          },
        },
      },
    ]);
  });

  it('refuses members, keys and bad values, storing nothing', async () => {
    const org = await createTestOrganization({ requireReviewDigest: true });
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const member = await signIn({ memberships: [{ orgId: org.orgId, role: 'member' }] });

    expect((await sessionCall(member, 'GET', PATH)).status).toBe(200);
    expect((await sessionCall(member, 'PATCH', PATH, { requote_tolerance_percent: '5' })).status).toBe(403);
    const key = apiClient(org.credentials);
    expect((await key.send('GET', PATH)).status).toBe(200);
    expect((await sendByKey(org.credentials, 'PATCH', PATH, { requote_tolerance_percent: '5' })).status).toBe(
      403,
    );

    for (const bad of [
      { requote_tolerance_percent: '101' },
      { requote_tolerance_percent: '-1' },
      { requote_tolerance_percent: 1 },
      { requote_tolerance_percent: '0.125' },
      { low_balance_threshold_usdt: '0' },
      { low_balance_threshold_usdt: '1.0000001' },
      { require_review_digest: 'yes' },
      { surprise: true },
    ]) {
      const refused = await sessionCall<{ message: string[] }>(admin, 'PATCH', PATH, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      expect(refused.body.message.join(' '), JSON.stringify(bad)).toMatch(Object.keys(bad)[0]!);
    }
    expect((await sessionCall(admin, 'GET', PATH)).body).toMatchObject({
      require_review_digest: true,
      requote_tolerance_percent: '1',
      low_balance_threshold_usdt: null,
    });
  });

  it('confirm obeys require_review_digest: off, a bodyless confirm goes through deprecated; on, it is a missing field', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const draft = async () => {
      const created = await callJson<{ batch: { id: string; review_digest: string } }>(
        org.client,
        'POST',
        '/api/v2/payouts',
        { orders: [orderItem(org, '100.00')] },
      );
      expect(created.status).toBe(201);
      return created.body.batch;
    };
    const confirm = (id: string, body?: unknown) =>
      org.client.send('POST', `/api/v2/payouts/${id}/confirm`, body === undefined ? {} : { body });
    const deprecation = (response: Response) => ({
      deprecation: response.headers.get('deprecation'),
      link: response.headers.get('link'),
      sunset: response.headers.get('sunset'),
    });

    // Off (an organization from before 2.10.0): today's bodyless confirm works, told it is deprecated, no sunset.
    const bodyless = await confirm((await draft()).id);
    expect(bodyless.status).toBe(200);
    expect(deprecation(bodyless)).toEqual({
      deprecation: 'true',
      link: expect.stringMatching(/\/docs\/changelog#deprecations>; rel="deprecation"$/),
      sunset: null,
    });
    const reviewed = await draft();
    const withDigest = await confirm(reviewed.id, { review_digest: reviewed.review_digest });
    expect(withDigest.status).toBe(200);
    expect(deprecation(withDigest)).toEqual({ deprecation: null, link: null, sunset: null });

    // On: the digest is a required field; nothing is held, the batch still waits.
    expect((await sessionCall(admin, 'PATCH', PATH, { require_review_digest: true })).status).toBe(200);
    const waiting = await draft();
    const before = await balanceOf(org.orgId);
    for (const body of [undefined, {}]) {
      const refused = await confirm(waiting.id, body);
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({
        message: [expect.stringMatching(/^review_digest: required/)],
        errors: [{ field: 'review_digest', code: 'required' }],
      });
    }
    expect(await balanceOf(org.orgId)).toEqual(before);
    const still = await callJson<{ batch: { status: string } }>(
      org.client,
      'GET',
      `/api/v2/payouts/${waiting.id}`,
    );
    expect(still.body.batch.status).toBe('AWAITING_CONFIRMATION');
    const confirmed = await confirm(waiting.id, { review_digest: waiting.review_digest });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('deprecation')).toBeNull();
  });
});
