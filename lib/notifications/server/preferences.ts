// Owns a person's notification preferences in one organization: every kind with its two channels (no row: both on),
// and setting some kinds at once. Security stays on whatever is stored (the body refuses switching it off).
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { notificationPreferences } from '@/db/schema/notifications';
import {
  ALWAYS_ON_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@/lib/notifications/contract/enums';
import type { NotificationPreferencesWire } from '@/lib/notifications/contract/schemas';
import type { Reader } from './inbox';

export async function getNotificationPreferences(
  executor: Executor,
  reader: Reader,
): Promise<NotificationPreferencesWire> {
  const rows = await executor
    .select()
    .from(notificationPreferences)
    .where(
      and(eq(notificationPreferences.orgId, reader.orgId), eq(notificationPreferences.userId, reader.userId)),
    );
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return {
    preferences: NOTIFICATION_KINDS.map((kind) => {
      const alwaysOn = ALWAYS_ON_KINDS.includes(kind);
      const row = chosen.get(kind);
      return {
        kind,
        label: NOTIFICATION_KIND_LABELS[kind],
        in_app: alwaysOn || (row?.inApp ?? true),
        email: alwaysOn || (row?.email ?? true),
        always_on: alwaysOn,
      };
    }),
  };
}

export async function updateNotificationPreferences(
  executor: Executor,
  reader: Reader,
  preferences: readonly { kind: NotificationKind; in_app: boolean; email: boolean }[],
): Promise<NotificationPreferencesWire> {
  // The last choice of a kind listed twice wins (one upsert may not touch a row twice).
  const latest = new Map(preferences.map((item) => [item.kind, item]));
  const values = [...latest.values()]
    .filter((item) => !ALWAYS_ON_KINDS.includes(item.kind))
    .map((item) => ({
      userId: reader.userId,
      orgId: reader.orgId,
      kind: item.kind,
      inApp: item.in_app,
      email: item.email,
    }));
  if (values.length > 0) {
    await executor
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.orgId, notificationPreferences.kind],
        set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`now()` },
      });
  }
  return getNotificationPreferences(executor, reader);
}
