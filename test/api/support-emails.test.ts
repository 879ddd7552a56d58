// The support console's email problems through the real route files: staff (support and above) list the SMTP
// outbox's failed and unknown messages without their bodies, send one again as a fresh copy or mark it resolved, each
// audited; client users and API keys never reach it, and a staff member inside a view changes nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { emailOutbox } from '@/db/schema/platform/email-outbox';
import { events } from '@/db/schema/platform/events';
import { email } from '@/lib/platform/adapters/email';
import { emailSendTask } from '@/lib/platform/email/send-task';
import { resetEnvCache } from '@/lib/platform/env';
import { sendByKey } from '../api';
import { type SignedIn, sessionFetch, signIn, startView } from '../browser-session';
import { useTestDatabase } from '../db';
import { createTestOrganization, type TestOrganization } from '../fixtures';
import { takeJobs } from '../support/queued-jobs';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

await useTestDatabase();

const saved = {
  EMAIL_ADAPTER: process.env.EMAIL_ADAPTER,
  SMTP_URL: process.env.SMTP_URL,
  EMAIL_FROM: process.env.EMAIL_FROM,
};
let smtp: TestSmtpServer;
let org: TestOrganization;
const ids = { failed: '', unknown: '', sent: '' };

async function deliver(id: string): Promise<void> {
  const [payload] = await takeJobs({ key: `email.send:${id}` });
  await emailSendTask.run(emailSendTask.payload.parse(payload), {} as never);
}

async function notice(to: string): Promise<string> {
  const { messageId } = await email().send(db(), {
    kind: 'notice',
    to,
    orgId: org.orgId,
    data: {
      subject: `About ${to}`,
      paragraphs: ['Something happened.'],
      action: { label: 'See it', url: '/' },
    },
  });
  return messageId;
}

interface Problem {
  id: string;
  state: string;
  to: string;
  org_name: string | null;
  can_resend: boolean;
  resolution: string | null;
}

async function listed(caller: SignedIn, query = ''): Promise<Problem[]> {
  const response = await sessionFetch(caller, 'GET', `/api/v2/support/emails${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Problem[] }).items;
}

beforeAll(async () => {
  smtp = await startSmtpServer({ answers: ['permanent', 'drop', 'accept'] });
  process.env.EMAIL_ADAPTER = 'smtp';
  process.env.SMTP_URL = smtp.url;
  process.env.EMAIL_FROM = 'noreply@portal.test';
  resetEnvCache();
  org = await createTestOrganization({ name: 'Email Problems Ltd' });
  ids.failed = await notice('refused@client.test');
  ids.unknown = await notice('dropped@client.test');
  ids.sent = await notice('fine@client.test');
  for (const id of Object.values(ids)) await deliver(id);
});

afterAll(async () => {
  await smtp.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

describe('email problems (support console)', () => {
  it('support sees failed and unknown messages, never sent ones, and no body', async () => {
    const support = await signIn({ staffRole: 'support' });
    const response = await sessionFetch(support, 'GET', '/api/v2/support/emails?limit=100');
    const body = (await response.json()) as { items: Record<string, unknown>[] };
    const mine = body.items.filter((item) => item.org_name === 'Email Problems Ltd');
    expect(mine.map((item) => [item.to, item.state]).sort()).toEqual([
      ['dropped@client.test', 'unknown'],
      ['refused@client.test', 'failed'],
    ]);
    for (const item of mine) {
      expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['text']));
      expect(JSON.stringify(item)).not.toContain('Something happened');
      expect(item).toMatchObject({ kind: 'notice', can_resend: true, resolution: null, attempts: 1 });
    }
    expect(mine.find((item) => item.state === 'failed')?.last_error).toContain('550');
    expect((await listed(support, '?state=unknown&limit=100')).map((item) => item.id)).toContain(ids.unknown);
    expect((await listed(support, '?state=unknown&limit=100')).map((item) => item.id)).not.toContain(
      ids.failed,
    );
  });

  it('client users and API keys never reach it; bad input is refused', async () => {
    const admin = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    const support = await signIn({ staffRole: 'support' });
    const attempts: [string, string, unknown][] = [
      ['GET', '/api/v2/support/emails', undefined],
      ['POST', `/api/v2/support/emails/${ids.failed}/resend`, undefined],
      ['POST', `/api/v2/support/emails/${ids.failed}/resolve`, { note: 'done by the client' }],
    ];
    for (const [method, path, body] of attempts) {
      expect((await sessionFetch(admin, method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await sendByKey(org.credentials, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await sessionFetch(support, 'GET', '/api/v2/support/emails?state=sent')).status).toBe(422);
    const noNote = await sessionFetch(support, 'POST', `/api/v2/support/emails/${ids.failed}/resolve`, {
      note: ' ',
    });
    expect(noNote.status).toBe(422);
    expect((await listed(support, '?limit=100')).map((item) => item.id)).toContain(ids.failed);
  });

  it('inside a view, staff change nothing', async () => {
    const support = await signIn({ staffRole: 'support' });
    await startView(support, org.orgId);
    const refused = await sessionFetch(support, 'POST', `/api/v2/support/emails/${ids.failed}/resend`);
    expect(refused.status).toBe(403);
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, ids.failed));
    expect(row?.resolvedAt).toBeNull();
  });

  it('marking an unknown message resolved takes it off the list, audited with the note, once', async () => {
    const support = await signIn({ staffRole: 'support' });
    const path = `/api/v2/support/emails/${ids.unknown}/resolve`;
    const resolved = await sessionFetch(support, 'POST', path, {
      note: 'The recipient confirmed it arrived',
    });
    expect(resolved.status).toBe(200);
    expect(await resolved.json()).toMatchObject({
      id: ids.unknown,
      state: 'unknown',
      resolution: 'resolved',
    });
    expect((await listed(support, '?limit=100')).map((item) => item.id)).not.toContain(ids.unknown);
    const audit = await db()
      .select()
      .from(events)
      .where(and(eq(events.subjectId, ids.unknown), eq(events.type, 'support_email.resolved')));
    expect(audit).toMatchObject([
      { actorId: support.userId, data: { note: 'The recipient confirmed it arrived', state: 'unknown' } },
    ]);
    const again = await sessionFetch(support, 'POST', path, { note: 'twice' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'invalid_state' });
    // Nothing was sent for it.
    expect(smtp.received.filter((message) => message.to.includes('dropped@client.test'))).toHaveLength(1);
  });

  it('sending a failed message again queues a fresh copy that goes out, and closes the original, audited', async () => {
    const lead = await signIn({ staffRole: 'support_lead' });
    const response = await sessionFetch(lead, 'POST', `/api/v2/support/emails/${ids.failed}/resend`);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { email: Problem; resent_as: string };
    expect(body.email).toMatchObject({ id: ids.failed, resolution: 'resent', can_resend: false });
    const [copy] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, body.resent_as));
    expect(copy).toMatchObject({ state: 'queued', transport: 'smtp', toAddress: 'refused@client.test' });

    await deliver(body.resent_as);
    expect(smtp.accepted.map((message) => message.to)).toContainEqual(['refused@client.test']);
    const [sent] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, body.resent_as));
    expect(sent?.state).toBe('sent');
    expect(
      await db()
        .select({ actorId: events.actorId })
        .from(events)
        .where(and(eq(events.subjectId, ids.failed), eq(events.type, 'support_email.resent'))),
    ).toEqual([{ actorId: lead.userId }]);
    expect((await sessionFetch(lead, 'POST', `/api/v2/support/emails/${ids.failed}/resend`)).status).toBe(
      409,
    );
  });

  it('a sent message is not staff’s; one whose body is gone must be re-triggered by its sender', async () => {
    const support = await signIn({ staffRole: 'support' });
    expect((await sessionFetch(support, 'POST', `/api/v2/support/emails/${ids.sent}/resend`)).status).toBe(
      409,
    );
    expect(
      (await sessionFetch(support, 'POST', `/api/v2/support/emails/${crypto.randomUUID()}/resend`)).status,
    ).toBe(404);

    smtp.answers = ['permanent'];
    const id = await notice('gone@client.test');
    await deliver(id);
    await db().update(emailOutbox).set({ textBody: null, htmlBody: null }).where(eq(emailOutbox.id, id));
    expect((await listed(support, '?limit=100')).find((item) => item.id === id)?.can_resend).toBe(false);
    const refused = await sessionFetch(support, 'POST', `/api/v2/support/emails/${id}/resend`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/trigger it again/);
  });
});
