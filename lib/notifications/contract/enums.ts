// Owns the enumerations of notifications shared by the tables, the wire schemas and the portal (no drizzle, no db/).
// The kinds live in platform's enums because each is also an email kind with its own template.
import { NOTIFICATION_KINDS, type NotificationKind } from '@/lib/platform/enums';

export { NOTIFICATION_KINDS, type NotificationKind };

export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Kinds nobody can switch off (DESIGN: new API key, role change, second factor off). */
export const ALWAYS_ON_KINDS: readonly NotificationKind[] = ['security'];

/** What each kind is called where a person chooses. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  approval_requested: 'Something waits for your approval',
  approval_decided: 'What you made was approved or rejected',
  approval_rules_change: 'A pending change to the approval rules',
  batch_finished: 'A batch you made finished',
  order_failed: 'A payment you made failed',
  deposit_credited: 'A deposit was credited',
  low_balance: 'The balance fell below the threshold',
  withdrawal_awaiting_approval: 'A withdrawal waits for approval',
  webhook_endpoint_disabled: 'A webhook endpoint was disabled',
  security: 'Security notices (always on)',
};
