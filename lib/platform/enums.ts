// Owns the enumerations of platform shared by the tables, the wire schemas and the portal (no drizzle, no db/).

export const IDEMPOTENCY_STATES = ['in_progress', 'completed'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/**
 * What people are told about (the notifications area's kinds), here because each is also an email kind with its own
 * template and platform imports no area. `security` cannot be switched off.
 */
export const NOTIFICATION_KINDS = [
  'approval_requested',
  'approval_decided',
  'approval_rules_change',
  'batch_finished',
  'order_failed',
  'deposit_credited',
  'low_balance',
  'withdrawal_awaiting_approval',
  'webhook_endpoint_disabled',
  'security',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What the email outbox carries (one template each, lib/platform/email/templates.ts). */
export const EMAIL_KINDS = [
  'invitation',
  'password_reset',
  'staff_invitation',
  'notice',
  ...NOTIFICATION_KINDS.map((kind) => `notification_${kind}` as const),
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * An outbox row's delivery: `queued → sending → sent | failed | unknown`. `unknown` means the connection was lost after
 * the message was handed over, so it may have arrived: never retried by itself, staff decide.
 */
export const EMAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'unknown'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

/** The implementation that wrote an outbox row: the sandbox simulation (never leaves the machine) or SMTP. */
export const EMAIL_TRANSPORTS = ['sandbox', 'smtp'] as const;
export type EmailTransport = (typeof EMAIL_TRANSPORTS)[number];

/** How staff closed a failed or unknown message: sent again as a fresh copy, or marked resolved. */
export const EMAIL_RESOLUTIONS = ['resent', 'resolved'] as const;
export type EmailResolution = (typeof EMAIL_RESOLUTIONS)[number];
