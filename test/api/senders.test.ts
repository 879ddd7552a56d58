// Senders through the real routes: registration rules per type, masking, listing, the review's three outcomes,
// edit rules around review, the review job, and isolation between organizations.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { senderProfiles } from '@/db/schema/profiles';
import { decryptSecret } from '@/lib/platform/crypto/secrets';
import { startWorker, type WorkerHandle } from '@/lib/platform/jobs/runner';
import { approveProfile, rejectProfile, reviewProfile } from '@/lib/profiles/server/review';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { companySenderBody, individualSenderBody } from '../profile-fixtures';

const testDb = await useTestDatabase();

type Sender = Record<string, unknown> & { id: string; status: string; rejection_reason: string | null };
type ErrorBody = {
  statusCode: number;
  message: string | string[];
  errors?: { field: string; code: string }[];
};

async function setup() {
  const org = await createTestOrganization();
  return { org, client: apiClient(org.credentials) };
}

async function createSender(
  client: ReturnType<typeof apiClient>,
  body: Record<string, unknown>,
): Promise<Sender> {
  const response = await client.request<Sender>('POST', '/api/v2/senders', { body });
  expect(response.status).toBe(201);
  return response.data;
}

async function queuedReviews(profileId: string): Promise<number> {
  const rows = await db().execute<{ count: number }>(
    sql`select count(*)::int as count from graphile_worker.jobs where task_identifier = 'profiles.review' and key = ${`profiles.review:${profileId}`}`,
  );
  return rows[0]?.count ?? 0;
}

async function eventTypes(profileId: string): Promise<string[]> {
  const rows = await db()
    .select({ type: events.type })
    .from(events)
    .where(eq(events.subjectId, profileId))
    .orderBy(events.createdAt, events.id);
  return rows.map((row) => row.type);
}

describe('registering a sender', () => {
  it('creates a company in draft and answers with every field', async () => {
    const { client } = await setup();
    const sender = await createSender(client, companySenderBody({ contact_phone: '+44 20 7123 4567' }));
    expect(sender).toMatchObject({
      type: 'company',
      legal_name: 'Acme Trading Ltd',
      registration_number: '09876543',
      date_of_birth: null,
      id_document_type: null,
      id_document_number_last4: null,
      country: 'GB',
      contact_phone: '+442071234567',
      status: 'draft',
      rejection_reason: null,
      submitted_at: null,
      reviewed_at: null,
    });
    expect((await eventTypes(sender.id)).at(0)).toBe('sender.created');
  });

  it('keeps an individual ID number encrypted and shows only its last four characters', async () => {
    const { client } = await setup();
    const sender = await createSender(client, individualSenderBody({ id_document_number: 'ab 1234 5678' }));
    expect(sender.id_document_number_last4).toBe('5678');
    expect(JSON.stringify(sender)).not.toContain('AB12345678');
    const [row] = await db().select().from(senderProfiles).where(eq(senderProfiles.id, sender.id));
    expect(row!.idDocumentNumber).toMatch(/^v2:/);
    expect(decryptSecret(row!.idDocumentNumber!, `sender_profiles:${sender.id}:id_document_number`)).toBe(
      'AB12345678',
    );

    const fetched = await client.request<Sender>('GET', `/api/v2/senders/${sender.id}`);
    const listed = await client.request<{ items: Sender[] }>('GET', '/api/v2/senders');
    for (const text of [JSON.stringify(fetched.data), JSON.stringify(listed.data)]) {
      expect(text).not.toContain('AB12345678');
      expect(text).toContain('"id_document_number_last4":"5678"');
    }
  });

  it.each([
    [
      'a company without its registration number',
      companySenderBody({ registration_number: undefined }),
      ['registration_number: is required'],
    ],
    [
      'an individual without identity',
      individualSenderBody({ date_of_birth: null, id_document_type: undefined, id_document_number: '' }),
      ['date_of_birth: is required', 'id_document_type: is required', 'id_document_number: is required'],
    ],
    [
      'an individual with a company field',
      individualSenderBody({ registration_number: '123' }),
      ['registration_number: is not used for an individual'],
    ],
    [
      'every format problem at once',
      individualSenderBody({
        date_of_birth: '2020-02-30',
        id_document_type: 'library_card',
        country: 'XX',
        contact_email: 'not-an-email',
        contact_phone: '0207',
      }),
      [
        'date_of_birth: must be a date as YYYY-MM-DD',
        'id_document_type: must be one of passport, national_id, driving_licence, residence_permit',
        'country: must be an ISO 3166-1 alpha-2 country code such as GB',
        'contact_email: must be an email address',
        'contact_phone: must be in international format, e.g. +442071234567',
      ],
    ],
    [
      'a minor',
      individualSenderBody({ date_of_birth: '2015-01-01' }),
      ['date_of_birth: must be at least 18 years ago (senders are adults)'],
    ],
    ['an unknown field', companySenderBody({ legal_nam: 'x' }), ['legal_nam: is not a recognised field']],
    ['a number where text belongs', companySenderBody({ city: 42 }), ['city: must be a string']],
  ])('refuses %s with a 422 naming each field, storing nothing', async (_case, body, messages) => {
    const { client } = await setup();
    const response = await client.send('POST', '/api/v2/senders', { body });
    expect(response.status).toBe(422);
    const error = (await response.json()) as ErrorBody;
    expect(error.message).toEqual(messages);
    const list = await client.request<{ meta: { total: number } }>('GET', '/api/v2/senders');
    expect(list.data.meta.total).toBe(0);
  });
});

describe('listing senders', () => {
  it('pages newest first and filters by status', async () => {
    const { client } = await setup();
    const first = await createSender(client, companySenderBody({ legal_name: 'First Ltd' }));
    const second = await createSender(client, companySenderBody({ legal_name: 'Second Ltd' }));
    await client.request('POST', `/api/v2/senders/${first.id}/submit`);

    const all = await client.request<{ items: Sender[]; meta: unknown }>('GET', '/api/v2/senders?limit=1');
    expect(all.data.meta).toEqual({ limit: 1, page: 1, total: 2 });
    expect(all.data.items.map((s) => s.id)).toEqual([second.id]);

    const inReview = await client.request<{ items: Sender[] }>('GET', '/api/v2/senders?status=in_review');
    expect(inReview.data.items.map((s) => s.id)).toEqual([first.id]);

    const bad = await client.send('GET', '/api/v2/senders?status=approved');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).message).toEqual([
      'status: must be one of draft, in_review, ready, rejected, action_required',
    ]);
  });
});

describe('review', () => {
  it('submit queues the review; a plain name becomes ready, with events naming who and why', async () => {
    const { client } = await setup();
    const sender = await createSender(client, companySenderBody());
    const submitted = await client.request<Sender>('POST', `/api/v2/senders/${sender.id}/submit`);
    expect(submitted.data).toMatchObject({ status: 'in_review', submitted_at: expect.any(String) });
    expect(await queuedReviews(sender.id)).toBe(1);

    expect(await reviewProfile(db(), 'sender', sender.id)).toMatchObject({ status: 'ready', decided: true });
    const ready = await client.request<Sender>('GET', `/api/v2/senders/${sender.id}`);
    expect(ready.data).toMatchObject({
      status: 'ready',
      rejection_reason: null,
      reviewed_at: expect.any(String),
    });
    expect(await eventTypes(sender.id)).toEqual(['sender.created', 'sender.submitted', 'sender.ready']);
    const [submittedEvent] = await db()
      .select()
      .from(events)
      .where(and(eq(events.subjectId, sender.id), eq(events.type, 'sender.submitted')));
    expect(submittedEvent).toMatchObject({ actorType: 'api_key', actorId: expect.any(String) });

    // Already ready: submitting again is a conflict, and a late job changes nothing.
    expect((await client.send('POST', `/api/v2/senders/${sender.id}/submit`)).status).toBe(409);
    expect(await reviewProfile(db(), 'sender', sender.id)).toMatchObject({ status: 'ready', decided: false });
  });

  it('a REJECT name is rejected with the screening reason, and can be corrected and resubmitted', async () => {
    const { client } = await setup();
    const sender = await createSender(client, companySenderBody({ legal_name: 'Acme reject Holdings' }));
    await client.request('POST', `/api/v2/senders/${sender.id}/submit`);
    await reviewProfile(db(), 'sender', sender.id);
    const rejected = await client.request<Sender>('GET', `/api/v2/senders/${sender.id}`);
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Screening: possible restricted-party match',
    });
    const [event] = await db()
      .select()
      .from(events)
      .where(and(eq(events.subjectId, sender.id), eq(events.type, 'sender.rejected')));
    expect(event).toMatchObject({ actorType: 'system' });
    expect(event!.data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Screening: possible restricted-party match',
    });

    // Correcting keeps the reason visible until resubmission.
    const corrected = await client.request<Sender>('PATCH', `/api/v2/senders/${sender.id}`, {
      body: { legal_name: 'Acme Holdings' },
    });
    expect(corrected.data).toMatchObject({ status: 'rejected', legal_name: 'Acme Holdings' });
    const resubmitted = await client.request<Sender>('POST', `/api/v2/senders/${sender.id}/submit`);
    expect(resubmitted.data).toMatchObject({ status: 'in_review', rejection_reason: null });
    await reviewProfile(db(), 'sender', sender.id);
    expect((await client.request<Sender>('GET', `/api/v2/senders/${sender.id}`)).data.status).toBe('ready');
  });

  it('a REVIEW name stays in review for staff; nothing can change it meanwhile; staff decide', async () => {
    const { client } = await setup();
    const sender = await createSender(client, companySenderBody({ legal_name: 'Review Trading Ltd' }));
    await client.request('POST', `/api/v2/senders/${sender.id}/submit`);
    expect(await reviewProfile(db(), 'sender', sender.id)).toMatchObject({
      status: 'in_review',
      decided: false,
    });

    const patch = await client.send('PATCH', `/api/v2/senders/${sender.id}`, { body: { city: 'Leeds' } });
    expect(patch.status).toBe(409);
    expect(((await patch.json()) as ErrorBody).message).toBe(
      'The sender is in review and cannot be changed until the review decides',
    );
    expect((await client.send('POST', `/api/v2/senders/${sender.id}/submit`)).status).toBe(409);

    const staff = await db().execute<{ id: string }>(
      sql`insert into users (id, email, name, password_hash, staff_role, staff_roles) values (gen_random_uuid(), 'agent@provider.example', 'Agent', 'x', 'support', '{support}') returning id`,
    );
    await rejectProfile(db(), {
      kind: 'sender',
      profileId: sender.id,
      staffUserId: staff[0]!.id,
      reason: 'Upload the current certificate of incorporation.',
    });
    const rejected = await client.request<Sender>('GET', `/api/v2/senders/${sender.id}`);
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Upload the current certificate of incorporation.',
    });
    await client.request('POST', `/api/v2/senders/${sender.id}/submit`);
    await approveProfile(db(), { kind: 'sender', profileId: sender.id, staffUserId: staff[0]!.id });
    expect((await client.request<Sender>('GET', `/api/v2/senders/${sender.id}`)).data.status).toBe('ready');
    const decisions = await db()
      .select({ type: events.type, actorType: events.actorType, actorId: events.actorId })
      .from(events)
      .where(
        and(eq(events.subjectId, sender.id), sql`${events.type} in ('sender.ready', 'sender.rejected')`),
      );
    expect(decisions).toEqual([
      { type: 'sender.rejected', actorType: 'staff', actorId: staff[0]!.id },
      { type: 'sender.ready', actorType: 'staff', actorId: staff[0]!.id },
    ]);
  });

  it('editing the identity of a ready sender sends it back to review; a contact change does not', async () => {
    const { client } = await setup();
    const sender = await createSender(client, companySenderBody());
    await client.request('POST', `/api/v2/senders/${sender.id}/submit`);
    await reviewProfile(db(), 'sender', sender.id);

    const contact = await client.request<Sender>('PATCH', `/api/v2/senders/${sender.id}`, {
      body: { contact_email: 'ops@acme.example' },
    });
    expect(contact.data).toMatchObject({ status: 'ready', contact_email: 'ops@acme.example' });

    const identity = await client.request<Sender>('PATCH', `/api/v2/senders/${sender.id}`, {
      body: { registration_number: '11223344' },
    });
    expect(identity.data).toMatchObject({ status: 'in_review', registration_number: '11223344' });
    expect(await queuedReviews(sender.id)).toBeGreaterThanOrEqual(1);
    await reviewProfile(db(), 'sender', sender.id);
    expect((await client.request<Sender>('GET', `/api/v2/senders/${sender.id}`)).data.status).toBe('ready');
  });

  it('a PATCH that fails validation changes nothing and names every field', async () => {
    const { client } = await setup();
    const sender = await createSender(client, companySenderBody());
    const response = await client.send('PATCH', `/api/v2/senders/${sender.id}`, {
      body: { postal_code: null, contact_email: 'x' },
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).message).toEqual([
      'postal_code: is required',
      'contact_email: must be an email address',
    ]);
    expect((await client.request<Sender>('GET', `/api/v2/senders/${sender.id}`)).data.postal_code).toBe(
      'EC2N 1HN',
    );
  });
});

describe('the review job', () => {
  let worker: WorkerHandle | undefined;
  afterAll(async () => {
    await worker?.stop();
  });

  it('decides a submitted sender seconds after submit, without anyone asking', async () => {
    const { client } = await setup();
    const sender = await createSender(client, companySenderBody());
    await client.request('POST', `/api/v2/senders/${sender.id}/submit`);
    worker = await startWorker({ connectionString: testDb.url, concurrency: 1, pollInterval: 200 });
    let status = 'in_review';
    for (let i = 0; i < 100 && status === 'in_review'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await client.request<Sender>('GET', `/api/v2/senders/${sender.id}`)).data.status;
    }
    expect(status).toBe('ready');
  });
});

describe('isolation between organizations', () => {
  it("another organization's sender is 404 for read, edit and submit, and absent from lists", async () => {
    const a = await setup();
    const b = await setup();
    const sender = await createSender(a.client, companySenderBody());
    for (const [method, path, body] of [
      ['GET', `/api/v2/senders/${sender.id}`, undefined],
      ['PATCH', `/api/v2/senders/${sender.id}`, { city: 'Paris' }],
      ['POST', `/api/v2/senders/${sender.id}/submit`, undefined],
      ['GET', `/api/v2/senders/${sender.id}/files`, undefined],
    ] as const) {
      const response = await b.client.send(method, path, body ? { body } : {});
      expect([method, path, response.status]).toEqual([method, path, 404]);
      expect(((await response.json()) as ErrorBody).message).toBe('Sender not found');
    }
    expect(
      (await b.client.request<{ meta: { total: number } }>('GET', '/api/v2/senders')).data.meta.total,
    ).toBe(0);
    expect((await a.client.request<Sender>('GET', `/api/v2/senders/${sender.id}`)).data.status).toBe('draft');
  });

  it('any member may register and submit (no approver needed)', async () => {
    const org = await createTestOrganization({ role: 'member' });
    const client = apiClient(org.credentials);
    const sender = await createSender(client, companySenderBody());
    expect((await client.request<Sender>('POST', `/api/v2/senders/${sender.id}/submit`)).data.status).toBe(
      'in_review',
    );
  });

  it('an organization without the payouts entitlement cannot use senders', async () => {
    const org = await createTestOrganization({ entitlements: ['liquidity_management'] });
    const response = await apiClient(org.credentials).send('GET', '/api/v2/senders');
    expect(response.status).toBe(403);
  });
});
