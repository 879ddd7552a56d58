// Owns the email templates: one per kind, rendering the subject, the plain text and the HTML from the same data, so
// both parts always say the same thing. Every interpolated value is HTML-escaped; every link is absolute (APP_BASE_URL).
import type { EmailKind, NotificationKind } from '@/lib/platform/enums';
import { env } from '@/lib/platform/env';

export interface InvitationEmailData {
  /** The admin who invited; null when unknown (a deleted account). */
  inviterName: string | null;
  orgName: string;
  /** The role's human name ("an approver"). */
  roleName: string;
  /** The accept link: a path or an absolute URL under APP_BASE_URL. */
  url: string;
  expiresAt: Date;
}

export interface PasswordResetEmailData {
  name: string;
  url: string;
  ttlMinutes: number;
}

/** A person the provider made a staff account for: they choose their password through the link. */
export interface StaffInvitationEmailData {
  name: string;
  /** Who set the account up ("Lea Lead", or "The provider" from the command line). */
  invitedBy: string;
  /** What the person will do, in words ("a support lead", "operations and treasury"). */
  as: string;
  /** The set-password link: a path or an absolute URL under APP_BASE_URL. */
  url: string;
  email: string;
  expiresAt: Date;
}

export interface NoticeEmailData {
  subject: string;
  /** Paragraphs of plain text, in order. */
  paragraphs: string[];
  /** The one thing to do about it. */
  action: { label: string; url: string };
}

/** A notification told by email: what happened and the page to act on (never an action in the email itself). */
export interface NotificationEmailData {
  title: string;
  /** Paragraphs of plain text, in order. */
  paragraphs: string[];
  /** The portal page it concerns: a path or an absolute URL under APP_BASE_URL. */
  link: string;
  orgName: string;
}

/** What a caller passes: a kind and its data, never a finished body. */
export type EmailContent =
  | { kind: 'invitation'; data: InvitationEmailData }
  | { kind: 'password_reset'; data: PasswordResetEmailData }
  | { kind: 'staff_invitation'; data: StaffInvitationEmailData }
  | { kind: 'notice'; data: NoticeEmailData }
  | { kind: `notification_${NotificationKind}`; data: NotificationEmailData };

export interface RenderedEmail {
  kind: EmailKind;
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes a value for HTML text and attribute positions alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** A link as the recipient's mail client needs it: absolute, on the portal's own origin. */
function absolute(link: string): string {
  return new URL(link, env().APP_BASE_URL).toString();
}

const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
const button = (label: string, url: string) =>
  `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(label)}</a></p>`;

/** The HTML frame every kind shares: no images, no scripts, no remote styles. */
function page(subject: string, body: string[]): string {
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    ...body,
    '</body></html>',
  ].join('\n');
}

function invitation(data: InvitationEmailData): RenderedEmail {
  const inviter = data.inviterName ?? 'An admin';
  const url = absolute(data.url);
  const invited = `${inviter} invited you to join ${data.orgName} as ${data.roleName}.`;
  const expiry = `The link works once and expires on ${data.expiresAt.toUTCString()}.`;
  const ignore = 'If you did not expect this invitation, ignore this email.';
  const subject = `${inviter} invited you to ${data.orgName} on the payout portal`;
  return {
    kind: 'invitation',
    subject,
    text: [invited, '', `Accept the invitation: ${url}`, '', expiry, ignore].join('\n'),
    html: page(subject, [
      paragraph(invited),
      button('Accept the invitation', url),
      paragraph(expiry),
      paragraph(ignore),
    ]),
  };
}

function passwordReset(data: PasswordResetEmailData): RenderedEmail {
  const url = absolute(data.url);
  const hello = `Hello ${data.name},`;
  const asked = 'Someone (we hope you) asked to reset the password of your payout portal account.';
  const expiry = `The link works once and expires in ${data.ttlMinutes} minutes.`;
  const ignore = 'If you did not ask, ignore this email: your password stays as it is.';
  const subject = 'Reset your payout portal password';
  return {
    kind: 'password_reset',
    subject,
    text: [hello, '', asked, `Choose a new password: ${url}`, '', expiry, ignore].join('\n'),
    html: page(subject, [
      paragraph(hello),
      paragraph(asked),
      button('Choose a new password', url),
      paragraph(expiry),
      paragraph(ignore),
    ]),
  };
}

function staffInvitation(data: StaffInvitationEmailData): RenderedEmail {
  const url = absolute(data.url);
  const hello = `Hello ${data.name},`;
  const invited = `${data.invitedBy} set up a staff account for you on the payout portal's support console, as ${data.as}.`;
  const expiry = `The link works once and expires on ${data.expiresAt.toUTCString()}. Then sign in with ${data.email}.`;
  const ignore =
    'If you did not expect this email, ignore it: nobody can sign in to the account until a password is chosen.';
  const subject = 'Your payout portal support console account';
  return {
    kind: 'staff_invitation',
    subject,
    text: [hello, '', invited, `Choose your password: ${url}`, '', expiry, ignore].join('\n'),
    html: page(subject, [
      paragraph(hello),
      paragraph(invited),
      button('Choose your password', url),
      paragraph(expiry),
      paragraph(ignore),
    ]),
  };
}

function notice(data: NoticeEmailData): RenderedEmail {
  const url = absolute(data.action.url);
  return {
    kind: 'notice',
    subject: data.subject,
    text: [...data.paragraphs, `${data.action.label}: ${url}`].join('\n\n'),
    html: page(data.subject, [...data.paragraphs.map(paragraph), button(data.action.label, url)]),
  };
}

/**
 * Each notification kind's template: why the person receives it, what the link does, and whether they can switch it
 * off. The email says what happened and links to the page to act on; it never carries an action (an approval is given
 * on the reviewed digest, in the portal).
 */
const NOTIFICATION_TEMPLATES: Record<NotificationKind, { why: string; action: string }> = {
  approval_requested: {
    why: 'You receive this because you may approve it.',
    action: 'Review it in the portal',
  },
  approval_decided: {
    why: 'You receive this because you made what was decided on.',
    action: 'See the decision',
  },
  approval_rules_change: {
    why: 'You receive this because you approve for this organization.',
    action: 'Review the pending change',
  },
  batch_finished: {
    why: 'You receive this because you made this batch.',
    action: 'See the batch',
  },
  order_failed: {
    why: 'You receive this because you made the batch this payment belongs to.',
    action: 'See the payment',
  },
  deposit_credited: {
    why: 'You receive this because you are a member of this organization.',
    action: 'See the balance',
  },
  low_balance: {
    why: "You receive this because you are told about this organization's balance. It is sent once until the balance recovers.",
    action: 'See the balance',
  },
  withdrawal_awaiting_approval: {
    why: 'You receive this because you may approve withdrawals.',
    action: 'Review the withdrawal',
  },
  webhook_endpoint_disabled: {
    why: "You receive this because you are an admin of this organization's webhooks.",
    action: 'See the delivery log and re-enable it',
  },
  security: {
    why: 'Security notices are always sent: if this was not you or your team, tell an admin at once.',
    action: 'Review it in the portal',
  },
};

function notification(kind: NotificationKind, data: NotificationEmailData): RenderedEmail {
  const template = NOTIFICATION_TEMPLATES[kind];
  const url = absolute(data.link);
  const preferences =
    kind === 'security' ? null : `Choose what you are told and how: ${absolute('/settings/notifications')}`;
  const footer = [`${data.orgName}. ${template.why}`, ...(preferences ? [preferences] : [])];
  return {
    kind: `notification_${kind}`,
    subject: data.title,
    text: [...data.paragraphs, `${template.action}: ${url}`, '', ...footer].join('\n\n'),
    html: page(data.title, [
      ...data.paragraphs.map(paragraph),
      button(template.action, url),
      ...footer.map(paragraph),
    ]),
  };
}

/** Renders a kind's template from its data. */
export function renderEmail(content: EmailContent): RenderedEmail {
  switch (content.kind) {
    case 'invitation':
      return invitation(content.data);
    case 'password_reset':
      return passwordReset(content.data);
    case 'staff_invitation':
      return staffInvitation(content.data);
    case 'notice':
      return notice(content.data);
    default:
      return notification(content.kind.slice('notification_'.length) as NotificationKind, content.data);
  }
}
