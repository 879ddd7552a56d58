// The organization's settings for approvals through the real routes (issue #42 §1, DESIGN "Notifications"): what a new
// organization starts with, an admin's change (audited with before and after), a member's refusal, bad input refused
// with nothing stored, and an API key reading but never changing them.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { apiClient, sendByKey } from '../api';
import { sessionCall, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

const PATH = '/api/v2/organizations/me/settings';

describe('organization settings', () => {
  it('start with the digest required, a 1% tolerance and no low-balance notice; an admin changes them, audited', async () => {
    const org = await createTestOrganization();
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
    const org = await createTestOrganization();
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
});
