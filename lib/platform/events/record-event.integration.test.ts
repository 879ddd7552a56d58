// recordEvent against the database: the catalogue decides the subject type and shapes (or refuses) the data.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import type { EventData } from '@/lib/app/event-catalogue';
import { useTestDatabase } from '@/test/db';
import { createTestOrganization } from '@/test/fixtures';
import { auditActorOf } from './audit-actor';
import { recordEvent } from './record-event';

await useTestDatabase();

describe('recordEvent', () => {
  it("stores the catalogue's resource as subject type, the audit actor with its view, and only the schema's fields", async () => {
    const { orgId } = await createTestOrganization();
    const id = await recordEvent(db(), {
      orgId,
      type: 'api_key.revoked',
      actor: auditActorOf({
        orgId,
        role: 'member',
        via: 'session',
        userId: orgId,
        entitlements: [],
        impersonation: { sessionId: orgId, staffUserId: orgId, reason: 'ticket', expiresAt: new Date() },
      }),
      subjectId: orgId,
      data: {
        name: 'ci',
        prefix: 'sk_sandbox_abcde',
        secret: 'must not be stored',
      } as EventData<'api_key.revoked'>,
    });
    const [row] = await db().select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({
      subjectType: 'api_key',
      actorType: 'staff',
      actorId: orgId,
      impersonationSessionId: orgId,
      data: { name: 'ci', prefix: 'sk_sandbox_abcde' },
    });
    expect(JSON.stringify(row!.data)).not.toContain('must not be stored');
  });

  it('refuses data that does not fit the type, and writes nothing', async () => {
    const { orgId } = await createTestOrganization();
    const before = await db().select().from(events).where(eq(events.orgId, orgId));
    await expect(
      recordEvent(db(), {
        orgId,
        type: 'funding.deposit_credited',
        actor: { actorType: 'system', actorId: null, impersonationSessionId: null },
        subjectId: orgId,
        data: { amount: '5.00' } as EventData<'funding.deposit_credited'>,
      }),
    ).rejects.toThrow();
    expect(await db().select().from(events).where(eq(events.orgId, orgId))).toHaveLength(before.length);
  });

  it('a sandbox deposit records funding.deposit_credited with the Deposit as it is on the wire', async () => {
    const { orgId } = await createTestOrganization();
    const { creditDeposit } = await import('@/lib/funding/server/deposits');
    const deposit = await creditDeposit(db(), { orgId, amount: '12.5' });
    const [row] = await db().select().from(events).where(eq(events.type, 'funding.deposit_credited'));
    expect(row).toMatchObject({ orgId, subjectType: 'deposit', subjectId: deposit.id, data: deposit });
  });
});
