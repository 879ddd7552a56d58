// Owns writing an event's notifications in its transaction (the "event recorded" listener lib/app/register.ts
// registers): one row per (event, recipient, channel), only to members of the organization, as each person chose for
// the kind (security always on); an email row's message goes through the email adapter (its outbox and job).
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { notificationPreferences, notifications } from '@/db/schema/notifications';
import { organizationMembers, organizationNoticeSettings } from '@/lib/identity/server';
import { ALWAYS_ON_KINDS, type NotificationChannel } from '@/lib/notifications/contract/enums';
import { email } from '@/lib/platform/adapters/email';
import type { RecordedEvent } from '@/lib/platform/events/listeners';
import { lowBalanceNotices } from './low-balance';
import { type Notice, noticesFor } from './notices';

export async function notifyOnEvent(executor: Executor, event: RecordedEvent): Promise<void> {
  const notices = [...(await noticesFor(executor, event)), ...(await lowBalanceNotices(executor, event))];
  for (const notice of notices) await writeNotice(executor, event.id, notice);
}

async function channelsOf(
  executor: Executor,
  notice: Notice,
  userIds: string[],
): Promise<Map<string, NotificationChannel[]>> {
  const both: NotificationChannel[] = ['in_app', 'email'];
  const chosen = new Map(userIds.map((id) => [id, both]));
  if (ALWAYS_ON_KINDS.includes(notice.kind)) return chosen;
  const rows = await executor
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.orgId, notice.orgId),
        eq(notificationPreferences.kind, notice.kind),
        inArray(notificationPreferences.userId, userIds),
      ),
    );
  for (const row of rows) {
    chosen.set(row.userId, [
      ...(row.inApp ? ['in_app' as const] : []),
      ...(row.email ? ['email' as const] : []),
    ]);
  }
  return chosen;
}

/** The people already emailed this kind about this page in the organization. */
async function alreadyEmailed(executor: Executor, notice: Notice): Promise<Set<string>> {
  const rows = await executor
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        eq(notifications.orgId, notice.orgId),
        eq(notifications.kind, notice.kind),
        eq(notifications.channel, 'email'),
        eq(notifications.link, notice.link),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

async function writeNotice(executor: Executor, eventId: string, notice: Notice): Promise<void> {
  const wanted = [...new Set(notice.userIds)];
  if (wanted.length === 0) return;
  // Only members of the organization now: a person who left is told nothing about it.
  const people = await organizationMembers(executor, notice.orgId, { userIds: wanted });
  if (people.length === 0) return;
  const channels = await channelsOf(
    executor,
    notice,
    people.map((person) => person.userId),
  );
  const orgName = (await organizationNoticeSettings(executor, notice.orgId))?.name ?? '';
  const emailed = notice.emailOncePerLink ? await alreadyEmailed(executor, notice) : new Set<string>();
  for (const person of people) {
    for (const channel of channels.get(person.userId) ?? []) {
      if (channel === 'email' && emailed.has(person.userId)) continue;
      const [row] = await executor
        .insert(notifications)
        .values({
          orgId: notice.orgId,
          userId: person.userId,
          eventId,
          kind: notice.kind,
          channel,
          title: notice.title,
          body: notice.body,
          link: notice.link,
        })
        .onConflictDoNothing()
        .returning({ id: notifications.id });
      // Already written for this (event, person, channel): once, whatever calls twice.
      if (!row || channel !== 'email') continue;
      const { messageId } = await email().send(executor, {
        kind: `notification_${notice.kind}`,
        to: person.email,
        orgId: notice.orgId,
        userId: person.userId,
        data: { title: notice.title, paragraphs: [notice.body], link: notice.link, orgName },
      });
      await executor
        .update(notifications)
        .set({ emailOutboxId: messageId })
        .where(eq(notifications.id, row.id));
    }
  }
}
