// EMAIL_ADAPTER=smtp against a real SMTP server in this process: an invitation and a password reset leave as text and
// HTML from their templates, are recorded sent and purged; a refusal for good fails at once, a refusal for now and a
// refused connection are retried, a connection lost after the data is `unknown` and never sent again, two workers
// never send one message twice, and a worker that stops mid-send leaves the message `unknown` for staff.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { db } from '@/db/client';
import { emailOutbox } from '@/db/schema/platform/email-outbox';
import { sendPasswordResetLink } from '@/lib/identity/server/account/password-changes';
import { addMembership, createUser } from '@/lib/identity/server/auth/users';
import { createInvitation } from '@/lib/identity/server/team/invitations';
import { email as configuredEmail, email } from '@/lib/platform/adapters/email';
import { EMAIL_MAX_ATTEMPTS } from '@/lib/platform/email/deliver';
import { emailCheckSendingTask, emailSendTask } from '@/lib/platform/email/send-task';
import { env, resetEnvCache } from '@/lib/platform/env';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { queuedJobs, takeJobs } from '../support/queued-jobs';
import { type Answer, refusedPort, startSmtpServer, type TestSmtpServer } from '../support/smtp-server';

await useTestDatabase();

const FROM = 'Payout portal <noreply@portal.test>';
const saved = {
  EMAIL_ADAPTER: process.env.EMAIL_ADAPTER,
  SMTP_URL: process.env.SMTP_URL,
  EMAIL_FROM: process.env.EMAIL_FROM,
};

function useSmtp(url: string): void {
  process.env.EMAIL_ADAPTER = 'smtp';
  process.env.SMTP_URL = url;
  process.env.EMAIL_FROM = FROM;
  resetEnvCache();
}

beforeEach(() => useSmtp('smtp://127.0.0.1:1'));
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

async function server(answers: Answer[] = []): Promise<TestSmtpServer> {
  const started = await startSmtpServer({ answers });
  onTestFinished(() => started.close());
  useSmtp(started.url);
  return started;
}

async function row(id: string) {
  const [found] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found!;
}

/** Takes the message's queued delivery job and runs it, as a worker would; fails if none is queued. */
async function runDelivery(id: string): Promise<void> {
  const payloads = await takeJobs({ key: `email.send:${id}` });
  expect(payloads, 'a queued email.send job').toHaveLength(1);
  await emailSendTask.run(emailSendTask.payload.parse(payloads[0]), {} as never);
}

async function deliveryQueued(id: string): Promise<boolean> {
  return (await queuedJobs({ key: `email.send:${id}` })).length === 1;
}

/** Queues a notice through the configured adapter (smtp), as a caller's transaction would. */
async function queueNotice(to = 'ops@client.test'): Promise<string> {
  const org = await createTestOrganization();
  const { messageId } = await email().send(db(), {
    kind: 'notice',
    to,
    orgId: org.orgId,
    data: {
      subject: 'A notice',
      paragraphs: ['Something happened.'],
      action: { label: 'See it', url: '/settings' },
    },
  });
  return messageId;
}

/** The decoded MIME parts of a received message (quoted-printable undone), by content type. */
function parts(raw: string): { text: string; html: string; contentTypes: string[] } {
  // Bytes first (the message is 7-bit on the wire), then UTF-8.
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const decoded = Buffer.from(bytes, 'latin1').toString('utf8');
  const textAt = decoded.indexOf('Content-Type: text/plain');
  const htmlAt = decoded.indexOf('Content-Type: text/html');
  expect(textAt, 'a text/plain part').toBeGreaterThan(0);
  expect(htmlAt, 'a text/html part').toBeGreaterThan(textAt);
  return {
    text: decoded.slice(textAt, htmlAt),
    html: decoded.slice(htmlAt),
    contentTypes: [...raw.matchAll(/^Content-Type: ([^;\r\n]+)/gim)].map((match) => match[1]!.toLowerCase()),
  };
}

describe('email over SMTP', () => {
  it('an invitation goes out as text and HTML with the absolute link, every value escaped, then is purged', async () => {
    const smtp = await server();
    const org = await createTestOrganization({ name: 'Bits & <Bobs> "Ltd"' });
    const inviter = await createUser(db(), {
      email: `inviter-${Date.now()}@client.test`,
      name: 'Ann <script>alert(1)</script>',
      passwordHash: 'x',
    });
    await addMembership(db(), { userId: inviter.id, orgId: org.orgId, role: 'admin' });
    await createInvitation(db(), {
      orgId: org.orgId,
      email: 'New.Person@Client.test',
      role: 'member',
      invitedByUserId: inviter.id,
      actor: userAuditActor(inviter.id),
    });
    const [queued] = await db().select().from(emailOutbox).where(eq(emailOutbox.orgId, org.orgId));
    expect(queued).toMatchObject({ transport: 'smtp', state: 'queued', kind: 'invitation', attempts: 0 });
    expect(smtp.received).toHaveLength(0);

    await runDelivery(queued!.id);

    expect(smtp.accepted).toHaveLength(1);
    const [message] = smtp.accepted;
    expect(message).toMatchObject({ from: 'noreply@portal.test', to: ['new.person@client.test'] });
    const { text, html, contentTypes } = parts(message!.raw);
    expect(contentTypes).toEqual(
      expect.arrayContaining(['multipart/alternative', 'text/plain', 'text/html']),
    );
    const base = env().APP_BASE_URL;
    const link = /Accept the invitation: (\S+)/.exec(text)?.[1];
    expect(link?.startsWith(`${base}/invitations/`)).toBe(true);
    expect(html).toContain(`href="${link}"`);
    expect(text).toContain('Ann <script>alert(1)</script> invited you to join Bits & <Bobs> "Ltd"');
    expect(html).toContain(
      'Ann &lt;script&gt;alert(1)&lt;/script&gt; invited you to join Bits &amp; &lt;Bobs&gt; &quot;Ltd&quot;',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<Bobs>');

    const sent = await row(queued!.id);
    expect(sent).toMatchObject({
      state: 'sent',
      attempts: 1,
      textBody: null,
      htmlBody: null,
      lastError: null,
    });
    expect(sent.subject).toContain('invited you to Bits & <Bobs>');
    expect(sent.providerMessageId).toContain('queued as TEST1');
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it('a password reset goes out as text and HTML with its link, and only its subject, recipient and kind stay', async () => {
    const smtp = await server();
    const address = `reset-${Date.now()}@client.test`;
    const user = await createUser(db(), { email: address, name: 'Zoë & Co', passwordHash: 'x' });
    await sendPasswordResetLink(db(), { email: address });
    const [queued] = await db().select().from(emailOutbox).where(eq(emailOutbox.userId, user.id));
    expect(queued).toMatchObject({ kind: 'password_reset', state: 'queued' });

    await runDelivery(queued!.id);

    const { text, html } = parts(smtp.accepted[0]!.raw);
    const link = /Choose a new password: (\S+)/.exec(text)?.[1];
    expect(link?.startsWith(`${env().APP_BASE_URL}/reset-password?token=`)).toBe(true);
    expect(html).toContain(`href="${link}"`);
    expect(text).toContain('Hello Zoë & Co,');
    expect(html).toContain('Hello Zoë &amp; Co,');
    expect(await row(queued!.id)).toMatchObject({
      state: 'sent',
      kind: 'password_reset',
      toAddress: address,
      subject: 'Reset your payout portal password',
      textBody: null,
      htmlBody: null,
    });
  });

  it('a 5xx refusal fails the message at once, with the reason and no retry', async () => {
    const smtp = await server(['permanent']);
    const id = await queueNotice();
    await runDelivery(id);
    const failed = await row(id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.lastError).toContain('550');
    expect(failed.textBody).not.toBeNull();
    expect(await deliveryQueued(id)).toBe(false);
    expect(smtp.accepted).toHaveLength(0);
  });

  it('a 4xx refusal queues the message again with a back-off, and the next attempt sends it', async () => {
    const smtp = await server(['temporary']);
    const id = await queueNotice();
    const before = Date.now();
    await runDelivery(id);
    const waiting = await row(id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting.lastError).toContain('451');
    const [job] = await db().execute<{ run_at: Date }>(
      // The back-off is on the job: due a minute later at the earliest.
      sqlRunAt(id),
    );
    expect(new Date(job!.run_at).getTime()).toBeGreaterThanOrEqual(before + 60_000 - 1_000);

    await runDelivery(id);
    expect(await row(id)).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.accepted).toHaveLength(1);
  });

  it(`a message refused for now ${EMAIL_MAX_ATTEMPTS} times is failed, not retried forever`, async () => {
    await server(Array.from({ length: EMAIL_MAX_ATTEMPTS }, (): Answer => 'temporary'));
    const id = await queueNotice();
    for (let attempt = 1; attempt <= EMAIL_MAX_ATTEMPTS; attempt += 1) await runDelivery(id);
    expect(await row(id)).toMatchObject({ state: 'failed', attempts: EMAIL_MAX_ATTEMPTS });
    expect(await deliveryQueued(id)).toBe(false);
  });

  it('a connection lost after the data and before the answer is unknown, and never sent again by itself', async () => {
    const smtp = await server(['drop']);
    const id = await queueNotice();
    await runDelivery(id);
    const lost = await row(id);
    expect(lost).toMatchObject({ state: 'unknown', attempts: 1 });
    expect(lost.lastError).toBeTruthy();
    expect(smtp.received).toHaveLength(1);
    expect(await deliveryQueued(id)).toBe(false);
    // Even a stray job for it sends nothing.
    await emailSendTask.run({ outbox_id: id }, {} as never);
    expect(smtp.received).toHaveLength(1);
    expect((await row(id)).state).toBe('unknown');
  });

  it('a refused connection is retried, and the message goes out once the server is back', async () => {
    useSmtp(`smtp://127.0.0.1:${await refusedPort()}`);
    const id = await queueNotice();
    await runDelivery(id);
    const waiting = await row(id);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await server();
    await runDelivery(id);
    expect(await row(id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(smtp.accepted).toHaveLength(1);
  });

  it("logs in with the URL's credentials, percent-decoded, and keeps the password nowhere", async () => {
    const smtp = await server();
    useSmtp(`smtp://mailer:S3cret%40pass@127.0.0.1:${smtp.port}`);
    const id = await queueNotice();
    await runDelivery(id);
    expect(smtp.logins).toEqual([{ user: 'mailer', pass: 'S3cret@pass' }]);
    const sent = await row(id);
    expect(sent.state).toBe('sent');
    expect(JSON.stringify(sent)).not.toContain('S3cret');
  });

  it('its readiness probe greets the relay and logs in, sending nothing; a relay that is down is degraded, no password said', async () => {
    const smtp = await server();
    useSmtp(`smtp://mailer:S3cret%40pass@127.0.0.1:${smtp.port}`);
    expect(await configuredEmail().probe!()).toEqual({ state: 'ok' });
    expect(smtp.logins).toEqual([{ user: 'mailer', pass: 'S3cret@pass' }]);
    expect(smtp.received).toEqual([]);

    useSmtp(`smtp://mailer:S3cret%40pass@127.0.0.1:${await refusedPort()}`);
    const down = await configuredEmail().probe!();
    expect(down).toMatchObject({ state: 'degraded', reason: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(JSON.stringify(down)).not.toContain('S3cret');
  });

  it('two workers running one message send it once', async () => {
    const smtp = await server();
    const id = await queueNotice();
    await takeJobs({ key: `email.send:${id}` });
    await Promise.all([
      emailSendTask.run({ outbox_id: id }, {} as never),
      emailSendTask.run({ outbox_id: id }, {} as never),
    ]);
    expect(smtp.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('a message left sending by a stopped worker becomes unknown after the timeout, and a late answer changes nothing', async () => {
    const smtp = await server(['hang']);
    const id = await queueNotice();
    await takeJobs({ key: `email.send:${id}` });
    const stalled = emailSendTask.run({ outbox_id: id }, {} as never);
    await expect.poll(() => smtp.received.length).toBe(1);
    expect((await row(id)).state).toBe('sending');

    // The claim queued its check, due after the timeout; the worker is still stuck, so the check runs first.
    const checks = (await takeJobs({ taskIdentifier: emailCheckSendingTask.name })).filter(
      (payload) => payload.outbox_id === id,
    );
    expect(checks).toEqual([{ outbox_id: id, attempt: 1 }]);
    await emailCheckSendingTask.run(emailCheckSendingTask.payload.parse(checks[0]), {} as never);
    const recovered = await row(id);
    expect(recovered.state).toBe('unknown');
    expect(recovered.lastError).toMatch(/worker stopped/);

    await smtp.close();
    await stalled;
    expect((await row(id)).state).toBe('unknown');
    expect(await deliveryQueued(id)).toBe(false);
  });
});

function sqlRunAt(id: string) {
  return sql`select run_at from graphile_worker.jobs where key = ${`email.send:${id}`}`;
}
