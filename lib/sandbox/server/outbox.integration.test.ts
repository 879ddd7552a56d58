// The sandbox email adapter against its interface: a sent message is in the outbox of its organization and user,
// only there, and only if the transaction that sent it committed.
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { createUser } from '@/lib/identity/server/auth/users';
import type { EmailAdapter, EmailMessage } from '@/lib/platform/adapters/email';
import { email } from '@/lib/platform/adapters/email';
import { useTestDatabase } from '@/test/db';
import { createTestOrganization } from '@/test/fixtures';
import { listOutbox } from './list-outbox';

await useTestDatabase();

const adapter: EmailAdapter = email();

const invitation = (orgId: string, to: string): EmailMessage => ({
  kind: 'invitation',
  orgId,
  to,
  data: {
    inviterName: 'Ada',
    orgName: 'Acme',
    roleName: 'an approver',
    url: 'http://localhost:3000/invitations/abc',
    expiresAt: new Date('2030-01-01T00:00:00Z'),
  },
});

describe('email (sandbox outbox)', () => {
  it("lists a sent invitation in its organization's outbox, newest first, and nowhere else", async () => {
    const org = await createTestOrganization();
    const other = await createTestOrganization();
    const first = await adapter.send(db(), invitation(org.orgId, 'First@Example.com'));
    const second = await adapter.send(db(), invitation(org.orgId, 'second@example.com'));
    expect(first.messageId).not.toBe(second.messageId);

    const outbox = await listOutbox(db(), { orgId: org.orgId });
    expect(outbox.map((message) => message.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(outbox[0]).toMatchObject({ kind: 'invitation', subject: expect.stringContaining('invited') });
    expect(await listOutbox(db(), { orgId: other.orgId })).toEqual([]);
  });

  it("lists a password reset in the user's outbox", async () => {
    const user = await createUser(db(), { email: 'reset@example.com', name: 'Reset', passwordHash: 'x' });
    await adapter.send(db(), {
      kind: 'password_reset',
      userId: user.id,
      to: 'reset@example.com',
      data: { name: 'Reset', url: 'http://localhost:3000/reset/xyz', ttlMinutes: 30 },
    });
    expect((await listOutbox(db(), { userId: user.id })).map((message) => message.kind)).toEqual([
      'password_reset',
    ]);
  });

  it('sends nothing when the transaction that sent it rolls back', async () => {
    const org = await createTestOrganization();
    await expect(
      db().transaction(async (tx) => {
        await adapter.send(tx, invitation(org.orgId, 'ghost@example.com'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await listOutbox(db(), { orgId: org.orgId })).toEqual([]);
  });

  it('never lists the whole outbox', async () => {
    await expect(listOutbox(db(), {})).rejects.toThrow();
  });
});
