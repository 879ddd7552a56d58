// The KYC/KYB review queue through the real route files: staff see profiles the adapter referred, oldest first, with
// the details unmasked and the sender's documents; they approve or reject with a reason the client then reads; each
// decision is an event; a late adapter job cannot undo it. Client users, keys and staff inside a view are refused.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { systemActor } from '@/lib/identity/server/auth/service-actor';
import { simplePdf } from '@/lib/platform/seed/pdf';
import { createProfile } from '@/lib/profiles/server/profiles';
import { reviewProfile } from '@/lib/profiles/server/review';
import { uploadSenderFile } from '@/lib/profiles/server/sender-files';
import { apiClient } from '../api';
import { sessionFetch, signIn, startView } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import {
  createReadySender,
  individualSenderBody,
  submittedBeneficiary,
  submitUnscheduled,
} from '../profile-fixtures';

await useTestDatabase();

/** A sender whose name makes the sandbox adapter refer it to staff, submitted and screened. */
async function referredSender(orgId: string, name: string): Promise<string> {
  const sender = await createProfile(db(), 'sender', {
    orgId,
    input: individualSenderBody({ legal_name: name }) as Record<string, string>,
    actor: systemActor(orgId),
  });
  await submitUnscheduled(orgId, 'sender', sender.id);
  expect((await reviewProfile(db(), 'sender', sender.id)).status).toBe('in_review');
  return sender.id;
}

async function referredBeneficiary(orgId: string, senderId: string, name: string): Promise<string> {
  const id = await submittedBeneficiary(orgId, senderId, { overrides: { name } });
  expect((await reviewProfile(db(), 'beneficiary', id)).status).toBe('in_review');
  return id;
}

type Queue = { items: { kind: string; id: string; org_name: string; screening_note: string | null }[] };
type Detail = {
  status: string;
  rejection_reason: string | null;
  screening_note: string | null;
  fields: { name: string; value: string }[];
  files: { id: string; file_name: string }[];
  history: { type: string; actor_type: string; note: string | null }[];
};

describe('the review queue', () => {
  it('lists referred profiles oldest first with the screening note, and shows details unmasked with documents', async () => {
    const org = await createTestOrganization({ name: 'Queue Org' });
    const first = await referredSender(org.orgId, 'Anna REVIEW Schmidt');
    const readySender = await createReadySender(org.orgId);
    const second = await referredBeneficiary(org.orgId, readySender, 'Rhein REVIEW GmbH');
    await uploadSenderFile(db(), {
      orgId: org.orgId,
      senderId: first,
      fileName: 'passport.pdf',
      content: await simplePdf('Passport', ['Anna Schmidt']),
      actor: systemActor(org.orgId),
      uploadedByUserId: null,
    });
    const support = await signIn({ staffRole: 'support' });

    const response = await sessionFetch(support, 'GET', '/api/v2/support/reviews?limit=100');
    expect(response.status).toBe(200);
    const queue = (await response.json()) as Queue;
    const ids = queue.items.map((item) => item.id);
    expect(ids).toContain(first);
    expect(ids).toContain(second);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(ids).not.toContain(readySender);
    const item = queue.items.find((entry) => entry.id === first)!;
    expect(item).toMatchObject({ kind: 'sender', org_name: 'Queue Org' });
    expect(item.screening_note).toContain('REVIEW');

    const onlyBeneficiaries = (await (
      await sessionFetch(support, 'GET', '/api/v2/support/reviews?kind=beneficiary&limit=100')
    ).json()) as Queue;
    expect(onlyBeneficiaries.items.every((entry) => entry.kind === 'beneficiary')).toBe(true);

    const sender = (await (
      await sessionFetch(support, 'GET', `/api/v2/support/reviews/sender/${first}`)
    ).json()) as Detail;
    expect(sender.fields).toContainEqual({ name: 'ID document number', value: '533401372' });
    expect(sender.files.map((file) => file.file_name)).toEqual(['passport.pdf']);
    expect(sender.screening_note).toContain('REVIEW');

    const beneficiary = (await (
      await sessionFetch(support, 'GET', `/api/v2/support/reviews/beneficiary/${second}`)
    ).json()) as Detail;
    expect(beneficiary.fields).toContainEqual({ name: 'IBAN', value: 'DE89370400440532013000' });

    const inline = await sessionFetch(
      support,
      'GET',
      `/api/v2/support/files/${sender.files[0]!.id}/content?disposition=inline`,
    );
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename="passport.pdf"/);
    expect(
      Buffer.from(await inline.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const download = await sessionFetch(
      support,
      'GET',
      `/api/v2/support/files/${sender.files[0]!.id}/content`,
    );
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);

    // Who opened whose unmasked data and documents is on the record.
    const opened = await db()
      .select({ type: events.type, subjectId: events.subjectId, data: events.data })
      .from(events)
      .where(and(eq(events.orgId, org.orgId), eq(events.actorId, support.userId)));
    expect(opened).toEqual(
      expect.arrayContaining([
        { type: 'support_review.details_viewed', subjectId: first, data: { kind: 'sender' } },
        { type: 'support_review.details_viewed', subjectId: second, data: { kind: 'beneficiary' } },
        {
          type: 'support_review.file_viewed',
          subjectId: first,
          data: { file_id: sender.files[0]!.id, disposition: 'inline' },
        },
      ]),
    );
  });

  it('approve and reject with a reason the client reads; each an event; a late adapter job changes nothing', async () => {
    const org = await createTestOrganization();
    const toApprove = await referredSender(org.orgId, 'Bruno REVIEW Keller');
    const toReject = await referredSender(org.orgId, 'Clara REVIEW Weber');
    const support = await signIn({ staffRole: 'support' });

    // Clearing a screening hit needs its rationale as much as a rejection needs its reason.
    for (const reason of [undefined, '  ', 'ok']) {
      const bare = await sessionFetch(
        support,
        'POST',
        `/api/v2/support/reviews/sender/${toApprove}/decision`,
        {
          decision: 'approve',
          ...(reason === undefined ? {} : { reason }),
        },
      );
      expect(bare.status, `reason ${JSON.stringify(reason)}`).toBe(422);
      expect(JSON.stringify(await bare.json())).toContain('reason');
    }
    const rationale = 'Name match is a different person: date of birth and nationality differ';
    const approved = await sessionFetch(
      support,
      'POST',
      `/api/v2/support/reviews/sender/${toApprove}/decision`,
      {
        decision: 'approve',
        reason: rationale,
      },
    );
    expect(approved.status).toBe(200);
    const approvedBody = (await approved.json()) as Detail;
    expect(approvedBody.status).toBe('ready');
    // Staff read the rationale in the review history; the client never sees it.
    expect(approvedBody.history).toContainEqual(
      expect.objectContaining({ type: 'support_review.cleared', actor_type: 'staff', note: rationale }),
    );

    const noReason = await sessionFetch(
      support,
      'POST',
      `/api/v2/support/reviews/sender/${toReject}/decision`,
      {
        decision: 'reject',
      },
    );
    expect(noReason.status).toBe(422);
    const reason = 'The passport copy is unreadable: upload a clearer scan';
    const rejected = await sessionFetch(
      support,
      'POST',
      `/api/v2/support/reviews/sender/${toReject}/decision`,
      {
        decision: 'reject',
        reason,
      },
    );
    expect(rejected.status).toBe(200);

    // The client reads the outcome and the reason on its own API.
    const client = apiClient(org.credentials);
    const clientView = await client.get(`/api/v2/senders/${toApprove}`);
    expect(clientView.data).toMatchObject({ status: 'ready' });
    expect(JSON.stringify(clientView.data)).not.toContain(rationale);
    expect(JSON.stringify((await client.get('/api/v2/events?limit=100')).data)).not.toContain(rationale);
    expect((await client.get(`/api/v2/senders/${toReject}`)).data).toMatchObject({
      status: 'rejected',
      rejection_reason: reason,
    });

    const decisions = await db()
      .select()
      .from(events)
      .where(
        and(
          eq(events.orgId, org.orgId),
          eq(events.actorId, support.userId),
          inArray(events.type, ['sender.ready', 'sender.rejected']),
        ),
      );
    expect(decisions.map((event) => [event.type, event.subjectId]).sort()).toEqual(
      [
        ['sender.ready', toApprove],
        ['sender.rejected', toReject],
      ].sort(),
    );
    expect(decisions.every((event) => event.actorType === 'staff')).toBe(true);

    // Staff decisions take precedence: the adapter's job running late leaves them alone.
    expect(await reviewProfile(db(), 'sender', toApprove)).toMatchObject({ status: 'ready', decided: false });
    // A decided profile is out of the queue and cannot be decided again.
    const again = await sessionFetch(
      support,
      'POST',
      `/api/v2/support/reviews/sender/${toApprove}/decision`,
      {
        decision: 'reject',
        reason: 'second thoughts',
      },
    );
    expect(again.status).toBe(409);
    const queue = (await (
      await sessionFetch(support, 'GET', '/api/v2/support/reviews?limit=100')
    ).json()) as Queue;
    expect(queue.items.map((entry) => entry.id)).not.toContain(toApprove);
  });

  it('client users and API keys get 404; a staff session inside a view cannot decide; unknown profiles are 404', async () => {
    const org = await createTestOrganization();
    const senderId = await referredSender(org.orgId, 'Dora REVIEW Braun');
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const decision = `/api/v2/support/reviews/sender/${senderId}/decision`;
    const attempts: [string, string, unknown][] = [
      ['GET', '/api/v2/support/reviews', undefined],
      ['GET', `/api/v2/support/reviews/sender/${senderId}`, undefined],
      ['POST', decision, { decision: 'approve', reason: 'cleared: no match' }],
    ];
    for (const [method, path, body] of attempts) {
      expect((await sessionFetch(admin, method, path, body)).status, `${method} ${path}`).toBe(404);
      const byKey = await apiClient(org.credentials).send(
        method,
        path,
        body ? { rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {},
      );
      expect(byKey.status, `${method} ${path}`).toBe(404);
    }

    const viewing = await signIn({ staffRole: 'support_lead' });
    await startView(viewing, org.orgId);
    const refused = await sessionFetch(viewing, 'POST', decision, {
      decision: 'approve',
      reason: 'cleared: no match',
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('read-only support view');
    const support = await signIn({ staffRole: 'support' });
    expect(
      (
        await sessionFetch(
          support,
          'GET',
          '/api/v2/support/reviews/sender/00000000-0000-7000-8000-000000000000',
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await sessionFetch(
          support,
          'GET',
          '/api/v2/support/files/00000000-0000-7000-8000-000000000000/content',
        )
      ).status,
    ).toBe(404);
    // Nothing changed.
    const still = (await (
      await sessionFetch(support, 'GET', `/api/v2/support/reviews/sender/${senderId}`)
    ).json()) as Detail;
    expect(still.status).toBe('in_review');
  });
});
