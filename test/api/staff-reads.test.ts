// Staff see only what their ticket needs, through the real route files: unmasked details and documents are for
// profiles in review or inside a view; every staff read of an organization's data is recorded in the transaction that
// reads it (no record, no data) and listed to the organization's admins; a view never reaches secrets or the staff
// member's own user-level operations; one open view per staff session, even under concurrent starts.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { impersonationSessions, staffReads } from '@/db/schema/support';
import { systemActor } from '@/lib/identity/server/auth/service-actor';
import { resetEnvCache } from '@/lib/platform/env';
import { simplePdf } from '@/lib/platform/seed/pdf';
import { createProfile } from '@/lib/profiles/server/profiles';
import { reviewProfile } from '@/lib/profiles/server/review';
import { uploadSenderFile } from '@/lib/profiles/server/sender-files';
import { apiClient } from '../api';
import { type SignedIn, sessionFetch, signIn } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';
import { createReadyBeneficiary, individualSenderBody, submitUnscheduled } from '../profile-fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

await useTestDatabase();

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS;
  resetEnvCache();
});

async function openView(
  staff: SignedIn,
  orgId: string,
  reason = 'TICKET-77 payout question',
): Promise<string> {
  const response = await sessionFetch(staff, 'POST', '/api/v2/support/view', { org_id: orgId, reason });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A sender with a passport on file, screened by the sandbox adapter: `ready`, or `in_review` with REVIEW in its name. */
async function senderWithPassport(orgId: string, name: string): Promise<string> {
  const sender = await createProfile(db(), 'sender', {
    orgId,
    input: individualSenderBody({ legal_name: name }) as Record<string, string>,
    actor: systemActor(orgId),
  });
  await uploadSenderFile(db(), {
    orgId,
    senderId: sender.id,
    fileName: 'passport.pdf',
    content: await simplePdf('Passport', [name]),
    actor: systemActor(orgId),
    uploadedByUserId: null,
  });
  await submitUnscheduled(orgId, 'sender', sender.id);
  await reviewProfile(db(), 'sender', sender.id);
  return sender.id;
}

async function fileIdOf(senderId: string): Promise<string> {
  const rows = await db().execute<{ id: string }>(
    sql`select id from files where sender_profile_id = ${senderId} and purpose = 'sender_document'`,
  );
  return [...rows][0]!.id;
}

type Detail = {
  status: string;
  details_masked: boolean;
  fields: { name: string; value: string }[];
  files: { id: string }[];
};

interface StaffReadEntry {
  id: string;
  staff_name: string;
  staff_email: string;
  operation: string;
  method: string;
  resource: string;
  view_id: string | null;
  created_at: string;
}

async function staffReadsOf(admin: SignedIn): Promise<{ items: StaffReadEntry[]; meta: { total: number } }> {
  const response = await sessionFetch(admin, 'GET', '/api/v2/organizations/me/access-log/reads?limit=100');
  expect(response.status).toBe(200);
  return (await response.json()) as { items: StaffReadEntry[]; meta: { total: number } };
}

describe('unmasked details and documents: in review or inside a view only', () => {
  it('a ready profile is masked to support outside a view and its documents are 404; inside a view of its organization both open', async () => {
    const org = await createTestOrganization({ name: 'Masked Co' });
    const senderId = await senderWithPassport(org.orgId, 'Greta Lind');
    const beneficiaryId = await createReadyBeneficiary(org.orgId, senderId);
    const fileId = await fileIdOf(senderId);
    const support = await signIn({ staffRole: 'support' });

    const sender = await sessionFetch(support, 'GET', `/api/v2/support/reviews/sender/${senderId}`);
    expect(sender.status).toBe(200);
    const senderBody = (await sender.json()) as Detail;
    expect(senderBody).toMatchObject({ status: 'ready', details_masked: true, files: [] });
    expect(senderBody.fields).toContainEqual({ name: 'ID document number', value: '•••• 1372' });
    expect(JSON.stringify(senderBody)).not.toContain('533401372');

    const beneficiary = (await (
      await sessionFetch(support, 'GET', `/api/v2/support/reviews/beneficiary/${beneficiaryId}`)
    ).json()) as Detail;
    expect(beneficiary.details_masked).toBe(true);
    expect(beneficiary.fields).toContainEqual({ name: 'IBAN', value: '•••• 3000' });
    expect(JSON.stringify(beneficiary)).not.toContain('DE89370400440532013000');

    const file = await sessionFetch(support, 'GET', `/api/v2/support/files/${fileId}/content`);
    expect(file.status).toBe(404);
    expect(await file.text()).not.toContain('%PDF');

    // Inside a ticketed view of that organization the same staff member sees what its admin's reviewer would.
    await openView(support, org.orgId);
    const viewed = (await (
      await sessionFetch(support, 'GET', `/api/v2/support/reviews/beneficiary/${beneficiaryId}`)
    ).json()) as Detail;
    expect(viewed.details_masked).toBe(false);
    expect(viewed.fields).toContainEqual({ name: 'IBAN', value: 'DE89370400440532013000' });
    expect(viewed.files.map((entry) => entry.id)).toEqual([fileId]);
    expect((await sessionFetch(support, 'GET', `/api/v2/support/files/${fileId}/content`)).status).toBe(200);

    // A view of another organization opens nothing here.
    const other = await createTestOrganization();
    const elsewhere = await signIn({ staffRole: 'support_lead' });
    await openView(elsewhere, other.orgId);
    expect((await sessionFetch(elsewhere, 'GET', `/api/v2/support/files/${fileId}/content`)).status).toBe(
      404,
    );
    const lead = (await (
      await sessionFetch(elsewhere, 'GET', `/api/v2/support/reviews/sender/${senderId}`)
    ).json()) as Detail;
    expect(lead.details_masked).toBe(true);
  });

  it("a ready individual's date of birth, address, phone and email are masked outside a view and in clear inside one", async () => {
    const org = await createTestOrganization();
    const sender = await createProfile(db(), 'sender', {
      orgId: org.orgId,
      input: individualSenderBody({
        legal_name: 'Jonas Aalto',
        address_line2: 'Flat 3',
        contact_phone: '+44 20 7946 0958',
      }) as Record<string, string>,
      actor: systemActor(org.orgId),
    });
    await submitUnscheduled(org.orgId, 'sender', sender.id);
    expect((await reviewProfile(db(), 'sender', sender.id)).status).toBe('ready');
    const support = await signIn({ staffRole: 'support' });
    const path = `/api/v2/support/reviews/sender/${sender.id}`;

    const masked = (await (await sessionFetch(support, 'GET', path)).json()) as Detail;
    expect(masked.details_masked).toBe(true);
    expect(masked.fields).toEqual(
      expect.arrayContaining([
        { name: 'Legal name', value: 'Jonas Aalto' },
        { name: 'Date of birth', value: '••••-••-••' },
        { name: 'Address line 1', value: '••••' },
        { name: 'Address line 2', value: '••••' },
        { name: 'Postal code', value: '••••' },
        { name: 'City', value: 'London' },
        { name: 'Contact email', value: '••••@example.com' },
        { name: 'Contact phone', value: '•••• 58' },
      ]),
    );
    const text = JSON.stringify(masked);
    for (const secret of ['1984-07-19', 'Canonbury', 'Flat 3', 'N1 2JT', 'oliver@', '7946']) {
      expect(text).not.toContain(secret);
    }

    await openView(support, org.orgId);
    const viewed = (await (await sessionFetch(support, 'GET', path)).json()) as Detail;
    expect(viewed.details_masked).toBe(false);
    expect(viewed.fields).toEqual(
      expect.arrayContaining([
        { name: 'Date of birth', value: '1984-07-19' },
        { name: 'Address line 1', value: '14 Canonbury Park North' },
        { name: 'Contact phone', value: '+442079460958' },
      ]),
    );
  });

  it('a profile in review stays open to the queue: details unmasked and its documents served', async () => {
    const org = await createTestOrganization();
    const senderId = await senderWithPassport(org.orgId, 'Hanna REVIEW Berg');
    const fileId = await fileIdOf(senderId);
    const support = await signIn({ staffRole: 'support' });
    const detail = (await (
      await sessionFetch(support, 'GET', `/api/v2/support/reviews/sender/${senderId}`)
    ).json()) as Detail;
    expect(detail).toMatchObject({ status: 'in_review', details_masked: false });
    expect(detail.fields).toContainEqual({ name: 'ID document number', value: '533401372' });
    expect((await sessionFetch(support, 'GET', `/api/v2/support/files/${fileId}/content`)).status).toBe(200);
  });
});

describe('every staff read is recorded and listed to the organization’s admins', () => {
  it('console reads and reads inside a view appear in the admin’s access log with operation, resource and view; not to members, keys or other organizations', async () => {
    const org = await createTestOrganization({ name: 'Logged Co' });
    await fund(org.orgId, '300');
    const senderId = await senderWithPassport(org.orgId, 'Ida REVIEW Holm');
    const fileId = await fileIdOf(senderId);
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const member = await signIn({ memberships: [{ orgId: org.orgId, role: 'member' }] });
    const other = await createTestOrganization();
    const otherAdmin = await signIn({ memberships: [{ orgId: other.orgId, role: 'admin' }] });
    const support = await signIn({ staffRole: 'support' });
    const [supportUser] = await db().execute<{ email: string; name: string }>(
      sql`select email, name from users where id = ${support.userId}`,
    );

    expect((await sessionFetch(support, 'GET', `/api/v2/support/reviews/sender/${senderId}`)).status).toBe(
      200,
    );
    expect((await sessionFetch(support, 'GET', `/api/v2/support/files/${fileId}/content`)).status).toBe(200);
    expect((await sessionFetch(support, 'GET', `/api/v2/support/organizations/${org.orgId}`)).status).toBe(
      200,
    );
    const viewId = await openView(support, org.orgId);
    expect((await sessionFetch(support, 'GET', '/api/v2/funding/balance')).status).toBe(200);

    const log = await staffReadsOf(admin);
    expect(log.meta.total).toBe(4);
    expect(log.items.map(({ created_at: _at, id: _id, ...rest }) => rest)).toEqual([
      {
        staff_name: supportUser!.name,
        staff_email: supportUser!.email,
        operation: 'getFundingBalance',
        method: 'GET',
        resource: '/api/v2/funding/balance',
        view_id: viewId,
      },
      {
        staff_name: supportUser!.name,
        staff_email: supportUser!.email,
        operation: 'getSupportOrganization',
        method: 'GET',
        resource: `organization/${org.orgId}`,
        view_id: null,
      },
      {
        staff_name: supportUser!.name,
        staff_email: supportUser!.email,
        operation: 'getReviewFile',
        method: 'GET',
        resource: `file/${fileId}`,
        view_id: null,
      },
      {
        staff_name: supportUser!.name,
        staff_email: supportUser!.email,
        operation: 'getReviewProfile',
        method: 'GET',
        resource: `sender/${senderId}`,
        view_id: null,
      },
    ]);

    // Listing the review queue names this organization's profile: a read of its data, on its log too.
    expect((await sessionFetch(support, 'GET', '/api/v2/support/reviews?limit=100')).status).toBe(200);
    const afterQueue = await staffReadsOf(admin);
    expect(afterQueue.meta.total).toBe(5);
    expect(afterQueue.items[0]).toMatchObject({
      operation: 'listReviewQueue',
      resource: 'review-queue',
      view_id: viewId,
    });
    // An organization with nothing in the queue is not on the page, so nothing was read of it.
    expect((await staffReadsOf(otherAdmin)).meta.total).toBe(0);

    expect((await sessionFetch(member, 'GET', '/api/v2/organizations/me/access-log/reads')).status).toBe(403);
    const byKey = await apiClient(org.credentials).send('GET', '/api/v2/organizations/me/access-log/reads');
    expect(byKey.status).toBe(404);
    expect((await staffReadsOf(otherAdmin)).meta.total).toBe(0);
  }, 90_000); // Many reads through the real handlers: ~12 s on a quiet machine, up to 30 s on a busy one.

  it('fails closed: a view that ends while a read waits records nothing and answers no data', async () => {
    const org = await createTestOrganization();
    await fund(org.orgId, '4321');
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const support = await signIn({ staffRole: 'support' });
    const viewId = await openView(support, org.orgId);

    // The staff member ends the view (here: a transaction holding the view row) just as a read is in flight.
    let pending: Promise<Response> | undefined;
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1 from impersonation_sessions where id = ${viewId} for update`);
      pending = sessionFetch(support, 'GET', '/api/v2/funding/balance');
      await waitForLockWait();
      await tx
        .update(impersonationSessions)
        .set({ endedAt: new Date(), endReason: 'exited' })
        .where(eq(impersonationSessions.id, viewId));
    });
    const response = await pending!;
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('4321');
    expect((await staffReadsOf(admin)).meta.total).toBe(0);
  });

  it('fails closed: when the record cannot be written, the console returns no details', async () => {
    const org = await createTestOrganization();
    const senderId = await senderWithPassport(org.orgId, 'Jonas REVIEW Falk');
    const support = await signIn({ staffRole: 'support' });
    // A failing audit store for this organization only (other rows of this file's database are unaffected).
    await db().execute(
      sql.raw(`create function refuse_staff_read() returns trigger language plpgsql as $$
        begin raise exception 'audit store unavailable'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_staff_read before insert on staff_reads for each row
        when (new.org_id = '${org.orgId}') execute function refuse_staff_read()`),
    );
    try {
      const response = await sessionFetch(support, 'GET', `/api/v2/support/reviews/sender/${senderId}`);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).not.toContain('533401372');
      expect(text).not.toContain('Jonas');
      const viewed = await db()
        .select()
        .from(events)
        .where(and(eq(events.orgId, org.orgId), eq(events.type, 'support_review.details_viewed')));
      expect(viewed).toEqual([]);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_staff_read on staff_reads'));
      await db().execute(sql.raw('drop function refuse_staff_read()'));
    }
  });
});

/** Waits until a statement on staff_reads is blocked on a lock (the in-flight read), without a fixed sleep. */
async function waitForLockWait(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where wait_event_type = 'Lock' and query ilike '%insert into%staff_reads%'`);
    if (([...rows][0]?.n ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error('the read never reached the record');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a view reads as the admin would, except secrets', () => {
  it('user-level operations answer 403 during a view (and are recorded); no read returns key material, webhook secrets or invitation links', async () => {
    const org = await createTestOrganization({ name: 'Secretive Co' });
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const key = (await (
      await sessionFetch(admin, 'POST', '/api/v2/api-keys', { name: 'ERP', role: 'member' })
    ).json()) as { api_key: string; shared_secret: string; private_key_pem: string };
    const invitation = (await (
      await sessionFetch(admin, 'POST', '/api/v2/organizations/me/invitations', {
        email: 'new.admin@example.com',
        role: 'admin',
      })
    ).json()) as { accept_url: string };
    const token = invitation.accept_url.split('/').filter(Boolean).at(-1)!;
    // The test receiver listens on a private address (no delivery is made here: no worker runs).
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
    resetEnvCache();
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const endpoint = await apiClient(org.credentials).request<{ id: string; secret: string }>(
      'POST',
      '/api/v2/webhooks/endpoints',
      { body: { url: receiver.url, event_types: ['*'] } },
    );
    expect(endpoint.status).toBe(201);
    const secrets = [
      key.api_key,
      key.shared_secret,
      key.private_key_pem.split('\n')[1]!,
      token,
      endpoint.data.secret,
    ];
    expect(secrets.every((secret) => secret.length > 10)).toBe(true);

    const staff = await signIn({ staffRole: 'support' });
    const viewId = await openView(staff, org.orgId);

    const userLevel: [string, string, unknown][] = [
      ['GET', '/api/v2/sandbox/outbox', undefined],
      ['PUT', '/api/v2/session/organization', { org_id: org.orgId }],
      ['POST', `/api/v2/invitations/${token}/accept`, {}],
      ['GET', '/api/v2/account/two-factor', undefined],
    ];
    for (const [method, path, body] of userLevel) {
      const response = await sessionFetch(staff, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      const text = await response.text();
      expect(text).toContain('read-only support view');
      for (const secret of secrets) expect(text, `${method} ${path}`).not.toContain(secret);
    }
    const recorded = await db()
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.type, 'support_view.read'), eq(events.subjectId, viewId)));
    expect(recorded.map((event) => event.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', path: '/api/v2/sandbox/outbox', status: 403 }),
        expect.objectContaining({ method: 'GET', path: '/api/v2/account/two-factor', status: 403 }),
      ]),
    );

    // Every organization read the admin has (their lists and the endpoint itself) serves the view without a secret.
    const reads = [
      '/api/v2/organizations/me',
      '/api/v2/api-keys',
      '/api/v2/organizations/me/invitations',
      '/api/v2/organizations/me/members',
      '/api/v2/webhooks/endpoints',
      `/api/v2/webhooks/endpoints/${endpoint.data.id}`,
      '/api/v2/events',
      '/api/v2/organizations/me/access-log',
    ];
    for (const path of reads) {
      const response = await sessionFetch(staff, 'GET', path);
      expect(response.status, path).toBe(200);
      const text = await response.text();
      for (const secret of secrets) expect(text, path).not.toContain(secret);
    }
    // The invitation is still only the invitee's: nobody joined through the view.
    const members = (await (await sessionFetch(admin, 'GET', '/api/v2/organizations/me/members')).json()) as {
      items: { email: string }[];
    };
    expect(members.items.map((entry) => entry.email)).not.toContain('new.admin@example.com');
  });
});

describe('one open view per staff session', () => {
  it('six concurrent starts open exactly one; the others get 409 view_already_open; banner and API name the same organization', async () => {
    const orgs = await Promise.all(
      Array.from({ length: 6 }, (_, index) => createTestOrganization({ name: `Race ${index} Co` })),
    );
    const staff = await signIn({ staffRole: 'support' });
    const responses = await Promise.all(
      orgs.map((org) =>
        sessionFetch(staff, 'POST', '/api/v2/support/view', {
          org_id: org.orgId,
          reason: `T-${randomUUID()}`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    const opened = bodies[responses.findIndex((response) => response.status === 201)] as { org_id: string };
    for (const [index, response] of responses.entries()) {
      if (response.status === 409) expect(bodies[index]).toMatchObject({ code: 'view_already_open' });
    }

    const open = await db()
      .select()
      .from(impersonationSessions)
      .where(
        and(eq(impersonationSessions.userSessionId, staff.sessionId), isNull(impersonationSessions.endedAt)),
      );
    expect(open).toHaveLength(1);
    const banner = (await (await sessionFetch(staff, 'GET', '/api/v2/support/me')).json()) as {
      view: { org_id: string };
    };
    const served = (await (await sessionFetch(staff, 'GET', '/api/v2/organizations/me')).json()) as {
      id: string;
    };
    expect(banner.view.org_id).toBe(opened.org_id);
    expect(served.id).toBe(opened.org_id);
  });
});

describe('the record itself', () => {
  it('is append-only', async () => {
    const org = await createTestOrganization();
    const staff = await signIn({ staffRole: 'support' });
    await sessionFetch(staff, 'GET', `/api/v2/support/organizations/${org.orgId}`);
    await expect(
      db().update(staffReads).set({ resource: 'nothing' }).where(eq(staffReads.orgId, org.orgId)),
    ).rejects.toThrow();
    await expect(db().delete(staffReads).where(eq(staffReads.orgId, org.orgId))).rejects.toThrow();
  });
});
