// Compliance review by staff (issue #40 §4) through the real route files: the manual KYC adapter leaves every party
// for a person; a reviewer asks the client for more (`action_required`, a public event, out of staff's queue), the
// client answers and submits again (back in the queue, the question kept in the history); a reviewer corrects the
// details under the client's rules and then cannot decide the review (four eyes); parties not `ready` cannot be paid.
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { systemActor } from '@/lib/identity/server/auth/service-actor';
import { resetEnvCache } from '@/lib/platform/env';
import { createProfile } from '@/lib/profiles/server/profiles';
import { reviewProfile } from '@/lib/profiles/server/review';
import { apiClient } from '../api';
import { type SignedIn, sessionFetch, signIn, startView } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization, createWebhookEndpoint } from '../fixtures';
import { callJson, createPayoutOrg, orderItem } from '../payouts-fixtures';
import {
  createReadyBeneficiary,
  createReadySender,
  individualSenderBody,
  submittedBeneficiary,
  submitUnscheduled,
} from '../profile-fixtures';
import { publicEvents } from '../support/public-events';

await useTestDatabase();

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

/** Screening by hand, as production runs it. */
function manualKyc(): void {
  vi.stubEnv('KYC_ADAPTER', 'manual');
  resetEnvCache();
}

interface Detail {
  status: string;
  requested_information: { question: string; fields: string[]; asked_at: string } | null;
  details: Record<string, string | null> | null;
  requestable_fields: string[];
  corrected_by: { user_id: string; name: string }[];
  history: { type: string; actor_type: string; actor_name: string | null; note: string | null }[];
}
interface Queue {
  items: { id: string; status: string; waiting_for: string; requested_information: unknown }[];
}
interface Profile {
  status: string;
  requested_information: { question: string; fields: string[]; asked_at: string } | null;
  staff_correction: { corrected_by: string; corrected_at: string; changed_fields: string[] } | null;
  address_line1: string | null;
  city: string | null;
}

/** A plain-named individual sender, submitted and screened by the manual adapter: waiting for staff. */
async function senderInReview(orgId: string): Promise<string> {
  manualKyc();
  const sender = await createProfile(db(), 'sender', {
    orgId,
    input: individualSenderBody() as Record<string, string>,
    actor: systemActor(orgId),
  });
  await submitUnscheduled(orgId, 'sender', sender.id);
  expect((await reviewProfile(db(), 'sender', sender.id)).status).toBe('in_review');
  return sender.id;
}

const reviewPath = (kind: string, id: string) => `/api/v2/support/reviews/${kind}/${id}`;

async function queueIds(staff: SignedIn, query: string): Promise<Queue['items']> {
  const response = await sessionFetch(staff, 'GET', `/api/v2/support/reviews?limit=100${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Queue).items;
}

describe('KYC_ADAPTER=manual', () => {
  it('leaves every submitted sender and beneficiary in review for a person, saying no screening ran', async () => {
    const org = await createTestOrganization();
    const readySender = await createReadySender(org.orgId);
    const senderId = await senderInReview(org.orgId);
    const beneficiaryId = await submittedBeneficiary(org.orgId, readySender);
    expect(await reviewProfile(db(), 'beneficiary', beneficiaryId)).toMatchObject({
      status: 'in_review',
      decided: false,
    });
    const support = await signIn({ staffRole: 'support' });
    const queue = await queueIds(support, '');
    for (const id of [senderId, beneficiaryId]) {
      expect(queue.find((item) => item.id === id)).toMatchObject({
        status: 'in_review',
        waiting_for: 'staff',
      });
    }
    const detail = (await (
      await sessionFetch(support, 'GET', reviewPath('sender', senderId))
    ).json()) as Detail & {
      screening_note: string;
    };
    expect(detail.screening_note).toMatch(/No automated screening ran/);
  });
});

describe('asking the client for more information', () => {
  it('action_required → the client answers and submits → back in the queue, the question in the history', async () => {
    const org = await createTestOrganization();
    const senderId = await senderInReview(org.orgId);
    const support = await signIn({ staffRole: 'support' });
    const question = 'Please give the street address shown on your utility bill and upload the bill.';

    const asked = await sessionFetch(
      support,
      'POST',
      `${reviewPath('sender', senderId)}/information-request`,
      {
        question,
        fields: ['address_line1', 'documents'],
      },
    );
    expect(asked.status).toBe(200);
    expect((await asked.json()) as Detail).toMatchObject({
      status: 'action_required',
      requested_information: { question, fields: ['address_line1', 'documents'] },
    });
    // Asking twice is refused: the profile is no longer waiting for staff.
    const again = await sessionFetch(
      support,
      'POST',
      `${reviewPath('sender', senderId)}/information-request`,
      {
        question: 'Another question',
      },
    );
    expect(again.status).toBe(409);

    // Waiting for the client: out of staff's queue, in the client's.
    expect((await queueIds(support, '')).map((item) => item.id)).not.toContain(senderId);
    expect(
      (await queueIds(support, '&waiting_for=client')).find((item) => item.id === senderId),
    ).toMatchObject({
      status: 'action_required',
      waiting_for: 'client',
      requested_information: { question },
    });
    expect((await queueIds(support, '&waiting_for=all')).map((item) => item.id)).toContain(senderId);

    // The client reads the question, and the public event once.
    const client = apiClient(org.credentials);
    const seen = await client.request<Profile>('GET', `/api/v2/senders/${senderId}`);
    expect(seen.data).toMatchObject({
      status: 'action_required',
      requested_information: {
        question,
        fields: ['address_line1', 'documents'],
        asked_at: expect.any(String),
      },
    });
    const published = await publicEvents(client, { types: ['sender.action_required'], about: [senderId] });
    expect(published).toHaveLength(1);
    expect(published[0]!.data.object).toMatchObject({
      status: 'action_required',
      requested_information: { question },
    });

    // It edits (still waiting for its submit), then submits: in review again, the question closed.
    const edited = await client.request<Profile>('PATCH', `/api/v2/senders/${senderId}`, {
      body: { address_line1: '15 Canonbury Park North' },
    });
    expect(edited.data).toMatchObject({
      status: 'action_required',
      address_line1: '15 Canonbury Park North',
    });
    const resubmitted = await client.request<Profile>('POST', `/api/v2/senders/${senderId}/submit`);
    expect(resubmitted.data).toMatchObject({ status: 'in_review', requested_information: null });
    expect(await reviewProfile(db(), 'sender', senderId)).toMatchObject({ status: 'in_review' });
    expect((await queueIds(support, '')).map((item) => item.id)).toContain(senderId);

    const detail = (await (
      await sessionFetch(support, 'GET', reviewPath('sender', senderId))
    ).json()) as Detail;
    expect(detail.requested_information).toBeNull();
    const asking = detail.history.find((entry) => entry.type === 'sender.action_required');
    expect(asking).toMatchObject({ actor_type: 'staff', actor_name: expect.any(String), note: question });
    expect(detail.history.map((entry) => entry.type)).toEqual([
      'sender.submitted',
      'sender.referred',
      'sender.action_required',
      'sender.submitted',
      'sender.referred',
    ]);

    // And a decision ends it, the reason the client reads.
    const reason = 'The address could not be verified against the document.';
    const rejected = await sessionFetch(support, 'POST', `${reviewPath('sender', senderId)}/decision`, {
      decision: 'reject',
      reason,
    });
    expect(rejected.status).toBe(200);
    expect((await client.request<Profile>('GET', `/api/v2/senders/${senderId}`)).data).toMatchObject({
      status: 'rejected',
      rejection_reason: reason,
      requested_information: null,
    });
    const decided = (await (
      await sessionFetch(support, 'GET', reviewPath('sender', senderId))
    ).json()) as Detail;
    expect(decided.history.at(-1)).toMatchObject({
      type: 'sender.rejected',
      actor_type: 'staff',
      note: reason,
    });
  });

  it('the new events are public: an integrator can subscribe a webhook endpoint to them', async () => {
    vi.stubEnv('WEBHOOK_ALLOW_PRIVATE_URLS', 'true');
    resetEnvCache();
    const org = await createTestOrganization();
    const endpointId = await createWebhookEndpoint(org.credentials, 'http://127.0.0.1:9/hooks', [
      'sender.action_required',
      'beneficiary.action_required',
    ]);
    expect(endpointId).toEqual(expect.any(String));
    const unknown = await apiClient(org.credentials).send('POST', '/api/v2/webhooks/endpoints', {
      body: { url: 'http://127.0.0.1:9/hooks', event_types: ['support_review.corrected'] },
    });
    expect(unknown.status).toBe(422);
  });

  it('an empty question or an unknown field is 422 and nothing changes', async () => {
    const org = await createTestOrganization();
    const senderId = await senderInReview(org.orgId);
    const support = await signIn({ staffRole: 'support' });
    const path = `${reviewPath('sender', senderId)}/information-request`;
    for (const body of [{ question: '   ', fields: [] }, {}]) {
      const empty = await sessionFetch(support, 'POST', path, body);
      expect(empty.status).toBe(422);
      expect(JSON.stringify(await empty.json())).toContain('question');
    }
    const unknown = await sessionFetch(support, 'POST', path, {
      question: 'Which IBAN?',
      fields: ['address_line1', 'iban'],
    });
    expect(unknown.status).toBe(422);
    const body = (await unknown.json()) as { errors: { field: string; code: string }[] };
    expect(body.errors).toContainEqual(expect.objectContaining({ field: 'fields.1', code: 'invalid_value' }));

    const detail = (await (
      await sessionFetch(support, 'GET', reviewPath('sender', senderId))
    ).json()) as Detail;
    expect(detail.status).toBe('in_review');
    expect(detail.requestable_fields).toContain('documents');
    const asked = await db()
      .select()
      .from(events)
      .where(and(eq(events.subjectId, senderId), eq(events.type, 'sender.action_required')));
    expect(asked).toHaveLength(0);
  });

  it('a beneficiary waiting for the client cannot be paid: createBatch and confirm refuse it', async () => {
    const org = await createPayoutOrg({ balance: '5000' });
    const beneficiaryId = await createReadyBeneficiary(org.orgId, org.senderId);
    const order = { ...orderItem(org, '100.00'), beneficiary_profile_id: beneficiaryId };
    const draft = await callJson<{ batch: { id: string } }>(org.client, 'POST', '/api/v2/payouts', {
      orders: [order],
    });
    expect(draft.status).toBe(201);
    // The client changes the address of the ready beneficiary: back in review, then asked for more.
    const edited = await callJson<Profile>(org.client, 'PATCH', `/api/v2/beneficiaries/${beneficiaryId}`, {
      address_line1: 'Kaiserstraße 17',
    });
    expect(edited.body.status).toBe('in_review');
    const support = await signIn({ staffRole: 'support' });
    const asked = await sessionFetch(
      support,
      'POST',
      `${reviewPath('beneficiary', beneficiaryId)}/information-request`,
      {
        question: 'Why did the bank change? Please confirm the new account.',
        fields: ['address_line1', 'iban'],
      },
    );
    expect(asked.status).toBe(200);
    const published = await publicEvents(org.client, { types: ['beneficiary.action_required'] });
    expect(published.map((event) => (event.data.object as { id: string }).id)).toEqual([beneficiaryId]);

    const refused = await callJson<{ message: string }>(org.client, 'POST', '/api/v2/payouts', {
      orders: [order],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('not ready (it is action_required)');
    const confirm = await callJson<{ message: string }>(
      org.client,
      'POST',
      `/api/v2/payouts/${draft.body.batch.id}/confirm`,
    );
    expect(confirm.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(confirm.body)).toContain('it is action_required');
  });
});

describe('staff correcting a profile', () => {
  it('is audited, shows the client what provider staff changed, and the corrector cannot decide it', async () => {
    const org = await createTestOrganization();
    const senderId = await senderInReview(org.orgId);
    const corrector = await signIn({ staffRole: 'support' });
    const checker = await signIn({ staffRole: 'support' });
    const reason = 'Typo in the street number, confirmed by phone (ticket 4711)';

    const corrected = await sessionFetch(corrector, 'POST', `${reviewPath('sender', senderId)}/correction`, {
      changes: { address_line1: '41 Canonbury Park North' },
      reason,
    });
    expect(corrected.status).toBe(200);
    const detail = (await corrected.json()) as Detail;
    expect(detail).toMatchObject({
      status: 'in_review',
      details: expect.objectContaining({ address_line1: '41 Canonbury Park North' }),
      corrected_by: [{ user_id: corrector.userId, name: expect.any(String) }],
    });
    expect(detail.history.at(-1)).toMatchObject({
      type: 'support_review.corrected',
      actor_type: 'staff',
      note: `${reason} (changed: address_line1)`,
    });

    // The client sees that provider staff changed which field; never who, nor the staff-only reason.
    const client = apiClient(org.credentials);
    const seen = await client.request<Profile>('GET', `/api/v2/senders/${senderId}`);
    expect(seen.data).toMatchObject({
      address_line1: '41 Canonbury Park North',
      staff_correction: {
        corrected_by: 'provider_staff',
        corrected_at: expect.any(String),
        changed_fields: ['address_line1'],
      },
    });
    expect(JSON.stringify(seen.data)).not.toContain(reason);
    expect(JSON.stringify(seen.data)).not.toContain(corrector.userId);

    // Four eyes: the corrector may neither approve nor reject; another reviewer decides.
    for (const decision of ['approve', 'reject']) {
      const refused = await sessionFetch(corrector, 'POST', `${reviewPath('sender', senderId)}/decision`, {
        decision,
        reason: 'Checked the corrected address',
      });
      expect(refused.status, decision).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'separate_reviewer_required' });
    }
    const approved = await sessionFetch(checker, 'POST', `${reviewPath('sender', senderId)}/decision`, {
      decision: 'approve',
      reason: 'Address matches the utility bill',
    });
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as Detail).status).toBe('ready');

    // The audit log: the change (names only) and why, each naming the staff member.
    const audit = await db()
      .select({ type: events.type, actorType: events.actorType, actorId: events.actorId, data: events.data })
      .from(events)
      .where(
        and(
          eq(events.subjectId, senderId),
          inArray(events.type, ['sender.updated', 'support_review.corrected']),
        ),
      );
    expect(audit).toEqual(
      expect.arrayContaining([
        {
          type: 'sender.updated',
          actorType: 'staff',
          actorId: corrector.userId,
          data: { changed_fields: ['address_line1'], status_before: 'in_review', status_after: 'in_review' },
        },
        {
          type: 'support_review.corrected',
          actorType: 'staff',
          actorId: corrector.userId,
          data: { kind: 'sender', changed_fields: ['address_line1'], reason },
        },
      ]),
    );
    expect(JSON.stringify(audit)).not.toContain('41 Canonbury');
  });

  it('a correction breaking a field rule, an unknown field or no reason is 422; a decided profile is 409', async () => {
    const org = await createTestOrganization();
    const ready = await createReadySender(org.orgId);
    const senderId = await senderInReview(org.orgId);
    const support = await signIn({ staffRole: 'support' });
    const path = `${reviewPath('sender', senderId)}/correction`;
    const attempts: [unknown, string][] = [
      [{ changes: { contact_email: 'not an email' }, reason: 'Fix the email' }, 'contact_email'],
      [{ changes: { date_of_birth: '2030-01-01' }, reason: 'Fix the date' }, 'date_of_birth'],
      [{ changes: { iban: 'DE89370400440532013000' }, reason: 'Fix the IBAN' }, 'changes.iban'],
      [{ changes: {}, reason: 'Nothing' }, 'changes'],
      [{ changes: { city: 'Leeds' } }, 'reason'],
    ];
    for (const [body, field] of attempts) {
      const response = await sessionFetch(support, 'POST', path, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(await response.json()), JSON.stringify(body)).toContain(field);
    }
    const detail = (await (
      await sessionFetch(support, 'GET', reviewPath('sender', senderId))
    ).json()) as Detail;
    expect(detail.details).toMatchObject({ contact_email: 'oliver@example.com', city: 'London' });
    expect(detail.corrected_by).toEqual([]);

    const late = await sessionFetch(support, 'POST', `${reviewPath('sender', ready)}/correction`, {
      changes: { city: 'Leeds' },
      reason: 'Moved',
    });
    expect(late.status).toBe(409);
  });
});

describe('isolation', () => {
  it("another organization never sees or changes a profile waiting for its client's answer", async () => {
    const org = await createTestOrganization();
    const other = await createTestOrganization();
    const senderId = await senderInReview(org.orgId);
    const support = await signIn({ staffRole: 'support' });
    expect(
      (
        await sessionFetch(support, 'POST', `${reviewPath('sender', senderId)}/information-request`, {
          question: 'Please upload a proof of address.',
          fields: ['documents'],
        })
      ).status,
    ).toBe(200);

    const stranger = apiClient(other.credentials);
    expect((await stranger.send('GET', `/api/v2/senders/${senderId}`)).status).toBe(404);
    expect(
      (await stranger.send('PATCH', `/api/v2/senders/${senderId}`, { body: { city: 'Leeds' } })).status,
    ).toBe(404);
    expect((await stranger.send('POST', `/api/v2/senders/${senderId}/submit`)).status).toBe(404);
    expect(await publicEvents(stranger, { types: ['sender.action_required'] })).toEqual([]);
    // The client's own staff-only routes do not exist for a client's admin.
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    for (const path of ['information-request', 'correction']) {
      const response = await sessionFetch(admin, 'POST', `${reviewPath('sender', senderId)}/${path}`, {
        question: 'x',
        changes: { city: 'Leeds' },
        reason: 'because',
      });
      expect(response.status, path).toBe(404);
    }
    // Staff inside a read-only view of the organization change nothing either.
    const viewing = await signIn({ staffRole: 'support_lead' });
    await startView(viewing, org.orgId);
    const refused = await sessionFetch(viewing, 'POST', `${reviewPath('sender', senderId)}/correction`, {
      changes: { city: 'Leeds' },
      reason: 'Moved house',
    });
    expect(refused.status).toBe(403);
    const owner = apiClient(org.credentials);
    expect((await owner.request<Profile>('GET', `/api/v2/senders/${senderId}`)).data).toMatchObject({
      status: 'action_required',
      city: 'London',
      staff_correction: null,
    });
  });
});
