// Owns what each event tells whom (DESIGN "Notifications"): an event type maps to a kind, its recipients (members by
// role through identity's index, a batch's makers through payouts'), and the words and the page to act on. Security
// notices go to the person concerned and the admins; the approval kinds use approval-recipients.ts over the `approval`
// the approvals engine puts on its events.
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { listUserMemberships, organizationMembers } from '@/lib/identity/server';
import { batchMakerUserIds } from '@/lib/payouts/server';
import type { OrgRole } from '@/lib/platform/actor/roles';
import type { NotificationKind } from '@/lib/platform/enums';
import type { RecordedEvent } from '@/lib/platform/events/listeners';
import { formatUsdt } from '@/lib/platform/money';
import {
  type Approval,
  approvalDecidedRecipients,
  approvalRequestedRecipients,
  type Maker,
  openStage,
  ruleChangeRecipients,
} from './approval-recipients';

/** One thing to tell some people of one organization. */
export interface Notice {
  orgId: string;
  kind: NotificationKind;
  userIds: readonly string[];
  title: string;
  body: string;
  /** The portal page to act on (a path). */
  link: string;
  /**
   * Email at most once per person for this page (a batch whose bank returns 2,000 payments sends one email about its
   * failures, not 2,000; each is still in the bell, and the batch's own notice sums them up).
   */
  emailOncePerLink?: boolean;
}

const ADMINS: readonly OrgRole[] = ['admin'];

async function withRoles(executor: Executor, orgId: string, roles?: readonly OrgRole[]): Promise<string[]> {
  const members = await organizationMembers(executor, orgId, roles ? { roles } : {});
  return members.map((member) => member.userId);
}

const batchData = z.object({
  id: z.string(),
  client_reference: z.string().nullable(),
  total_count: z.number(),
  completed_count: z.number(),
  failed_count: z.number(),
});
const orderData = z.object({
  batch_id: z.string(),
  beneficiary_amount: z.string(),
  beneficiary_currency: z.string(),
  failure_message: z.string().nullable(),
  client_reference: z.string().nullable(),
});
const depositData = z.object({ amount: z.string(), chain: z.string() });
const withdrawalData = z.object({
  amount: z.string(),
  sub_status: z.string(),
  requested_by: z.object({ user_id: z.string().nullable(), name: z.string() }),
});
const endpointDisabledData = z.object({ url: z.string(), reason: z.string() });
const apiKeyData = z.object({ name: z.string(), role: z.string() });
const roleChangeData = z.object({ email: z.string(), previous_role: z.string(), role: z.string() });

const batchName = (batch: z.infer<typeof batchData>) =>
  batch.client_reference ? `Batch ${batch.client_reference}` : 'A batch';

function batchFinished(event: RecordedEvent, orgId: string) {
  const batch = batchData.parse(event.data);
  const counts = `${batch.completed_count} of ${batch.total_count} payments completed.`;
  const [title, body] =
    event.type === 'batch.completed'
      ? [`${batchName(batch)} completed`, `Every payment was paid: ${counts}`]
      : event.type === 'batch.failed'
        ? [`${batchName(batch)} failed`, `No payment was paid: ${counts} The held USDT is available again.`]
        : [
            `${batchName(batch)} partly failed`,
            `${counts} ${batch.failed_count} failed or were cancelled; their USDT is available again.`,
          ];
  return { orgId, kind: 'batch_finished' as const, title, body, link: `/batches/${batch.id}` };
}

/** The approval events the approvals engine records (DESIGN "Approval events"), once they exist on the catalogue. */
const approvalEventData = z.object({
  id: z.string(),
  approval: z.custom<Approval>((value) => typeof value === 'object' && value !== null && 'stages' in value),
  makers: z.array(z.object({ user_id: z.string().nullable() })).optional(),
  // A batch's creator carries no user_id (its makers do); a withdrawal's or wallet's requester does.
  requested_by: z.object({ user_id: z.string().nullable().optional() }).optional(),
  created_by: z.object({ user_id: z.string().nullable().optional() }).optional(),
  client_reference: z.string().nullable().optional(),
});
const ruleChangeRequested = z.object({
  kind: z.enum(['update', 'delete', 'policy']),
  apply_after: z.string().nullable(),
});
const CHANGE_WORDS = {
  update: 'A change of an approval rule',
  delete: 'A deletion of an approval rule',
  policy: 'A relaxation of the approval policy',
} as const;
const ruleUpdated = z.object({
  change: z.enum(['created', 'updated', 'deleted']),
  rule: z.object({ name: z.string() }),
});
const APPROVAL_OBJECTS: Record<string, { noun: string; link: (id: string) => string }> = {
  batch: { noun: 'A batch', link: (id) => `/batches/${id}` },
  withdrawal: { noun: 'A withdrawal', link: () => '/withdrawals' },
  wallet: { noun: 'A wallet', link: () => '/liquidity' },
};

function makersOf(data: z.infer<typeof approvalEventData>): Maker[] {
  if (data.makers) return data.makers;
  const single = data.requested_by ?? data.created_by;
  return single ? [{ user_id: single.user_id ?? null }] : [];
}

async function approvalNotice(executor: Executor, event: RecordedEvent, orgId: string): Promise<Notice[]> {
  const [object, what] = event.type.split('.') as [string, string];
  const target = APPROVAL_OBJECTS[object];
  const parsed = approvalEventData.safeParse(event.data);
  if (!target || !parsed.success) return [];
  const data = parsed.data;
  const link = target.link(data.id);
  const approved = what === 'approval_recorded' && data.approval.status === 'approved';
  // A slot filled within a stage tells nobody new; a stage that has just opened (no approval yet) tells its people.
  const stageOpened = what === 'approval_recorded' && openStage(data.approval)?.approvals.length === 0;
  if (what === 'approval_requested' || (stageOpened && !approved)) {
    const members = await organizationMembers(executor, orgId);
    const userIds = approvalRequestedRecipients(data.approval, members, makersOf(data));
    // A withdrawal keeps its own kind (people choose it apart from batches), its amount and who asked for it.
    const withdrawal = object === 'withdrawal' ? withdrawalData.safeParse(event.data) : undefined;
    if (withdrawal?.success) {
      return [
        {
          orgId,
          kind: 'withdrawal_awaiting_approval',
          userIds,
          title: `A withdrawal of ${formatUsdt(withdrawal.data.amount)} USDT waits for your approval`,
          body: `${withdrawal.data.requested_by.name} asked for it; it is sent once the approvals it needs are given.`,
          link,
        },
      ];
    }
    return [
      {
        orgId,
        kind: 'approval_requested',
        userIds,
        title: `${target.noun} waits for your approval`,
        body: 'Review what you approve in the portal: an approval is given on what you reviewed.',
        link,
      },
    ];
  }
  if (what === 'approval_recorded' && !approved) return [];
  const rejection = (event.data.approval as { rejection?: { reason?: string } | null }).rejection;
  const rejected = what === 'approval_rejected';
  return [
    {
      orgId,
      kind: 'approval_decided',
      userIds: approvalDecidedRecipients(makersOf(data)),
      title: `${target.noun} you made was ${rejected ? 'rejected' : 'approved'}`,
      body: rejected ? `Reason: ${rejection?.reason ?? 'none given'}` : 'Every required approval was given.',
      link,
    },
  ];
}

/** The notices an event gives rise to; none for most. */
export async function noticesFor(executor: Executor, event: RecordedEvent): Promise<Notice[]> {
  if (event.type === 'user.two_factor_disabled') return twoFactorOff(executor, event);
  const orgId = event.orgId;
  if (!orgId) return [];
  switch (event.type) {
    case 'batch.completed':
    case 'batch.partially_completed':
    case 'batch.failed': {
      const notice = batchFinished(event, orgId);
      return [{ ...notice, userIds: await batchMakerUserIds(executor, orgId, event.subjectId!) }];
    }
    case 'order.failed': {
      const order = orderData.parse(event.data);
      const amount = `${order.beneficiary_amount} ${order.beneficiary_currency}`;
      return [
        {
          orgId,
          kind: 'order_failed',
          userIds: await batchMakerUserIds(executor, orgId, order.batch_id),
          title: `A payment of ${amount} failed`,
          body: `${order.client_reference ? `${order.client_reference}: ` : ''}${order.failure_message ?? 'No reason was given.'}`,
          link: `/batches/${order.batch_id}`,
          emailOncePerLink: true,
        },
      ];
    }
    case 'funding.deposit_credited': {
      const deposit = depositData.parse(event.data);
      return [
        {
          orgId,
          kind: 'deposit_credited',
          userIds: await withRoles(executor, orgId),
          title: `${formatUsdt(deposit.amount)} USDT credited`,
          body: `A deposit on ${deposit.chain} was credited to the available balance.`,
          link: '/',
        },
      ];
    }
    case 'webhook_endpoint.disabled': {
      const endpoint = endpointDisabledData.parse(event.data);
      return [
        {
          orgId,
          kind: 'webhook_endpoint_disabled',
          userIds: await withRoles(executor, orgId, ADMINS),
          // The same words the email to admins had before notifications (integrators search for them).
          title: 'A webhook endpoint was disabled',
          body: `Deliveries to ${endpoint.url} failed for 3 days, so the endpoint was disabled. ${endpoint.reason}`,
          link: '/settings/webhooks',
        },
      ];
    }
    case 'api_key.created': {
      const key = apiKeyData.parse(event.data);
      return [
        {
          orgId,
          kind: 'security',
          userIds: await withRoles(executor, orgId, ADMINS),
          title: `A new API key: ${key.name}`,
          body: `An API key with the ${key.role} role was created for the organization.`,
          link: '/settings/api-keys',
        },
      ];
    }
    case 'member.role_changed': {
      const change = roleChangeData.parse(event.data);
      const admins = await withRoles(executor, orgId, ADMINS);
      return [
        {
          orgId,
          kind: 'security',
          userIds: [event.subjectId!, ...admins],
          title: `${change.email} is now ${/^[aeiou]/.test(change.role) ? 'an' : 'a'} ${change.role}`,
          body: `Their role changed from ${change.previous_role} to ${change.role}.`,
          link: '/settings/team',
        },
      ];
    }
    // A change that waits (another admin's approval, or the notice period) and one that took effect: every approver
    // hears of both, so no control goes off unseen.
    case 'approval_rules.change_requested': {
      const change = ruleChangeRequested.parse(event.data);
      return [
        {
          orgId,
          kind: 'approval_rules_change',
          userIds: ruleChangeRecipients(await organizationMembers(executor, orgId), event.actor.actorId),
          title: 'The approval rules are about to change',
          body: change.apply_after
            ? `${CHANGE_WORDS[change.kind]} applies on ${change.apply_after} unless an admin cancels it.`
            : `${CHANGE_WORDS[change.kind]} waits for another admin's approval.`,
          link: '/settings/approvals',
        },
      ];
    }
    case 'approval_rules.updated': {
      const updated = ruleUpdated.parse(event.data);
      return [
        {
          orgId,
          kind: 'approval_rules_change',
          userIds: ruleChangeRecipients(await organizationMembers(executor, orgId), event.actor.actorId),
          title: `The approval rule “${updated.rule.name}” was ${updated.change}`,
          body: 'The approval rules now in force are in Settings → Approvals.',
          link: '/settings/approvals',
        },
      ];
    }
    default:
      return /^(batch|withdrawal|wallet)\.approval_(requested|recorded|rejected)$/.test(event.type)
        ? approvalNotice(executor, event, orgId)
        : [];
  }
}

/** A person's second factor went off: they and the admins of each organization they belong to are told. */
async function twoFactorOff(executor: Executor, event: RecordedEvent): Promise<Notice[]> {
  const userId = event.subjectId!;
  const memberships = await listUserMemberships(executor, userId);
  const notices: Notice[] = [];
  for (const membership of memberships) {
    const [person] = await organizationMembers(executor, membership.orgId, { userIds: [userId] });
    const admins = await withRoles(executor, membership.orgId, ADMINS);
    notices.push({
      orgId: membership.orgId,
      kind: 'security',
      userIds: [userId, ...admins],
      title: `Two-factor sign-in was switched off for ${person?.email ?? 'a member'}`,
      body: 'Their account now signs in with a password alone.',
      link: '/settings/security',
    });
  }
  return notices;
}
