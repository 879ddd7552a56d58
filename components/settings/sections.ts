// Owns the list of settings sections the /settings hub shows: a slice that adds a settings page adds its line here.

import { listApiKeysOperation, listMembersOperation } from '@/lib/identity/contract/routes';
import type { OrgRole } from '@/lib/platform/actor/roles';
import { type ApiRoute, roleMayCall } from '@/lib/platform/operations/operation';
import { getAccessLogOperation } from '@/lib/support/contract/routes';
import { listWebhookEndpointsOperation } from '@/lib/webhooks/contract/routes';

export interface SettingsSection {
  href: string;
  title: string;
  description: string;
  /**
   * The operation the page is built on: the hub lists the section to those whose role may call it (the page itself
   * also says so to others). Absent: everyone in the organization.
   */
  needs?: Pick<ApiRoute, 'role'>;
  sandboxOnly?: boolean;
}

/** Settings pages deliberately left out of the hub, each with why (the orphan test reads this list). */
export const unlistedSettingsPages: Readonly<Record<string, string>> = {
  '/settings/ui': "the UI primitives gallery, a reference for the pages' authors, not a setting",
};

export const settingsSections: readonly SettingsSection[] = [
  {
    href: '/settings/organization',
    title: 'Organization',
    description: 'Name, legal details and the products your organization may use.',
  },
  {
    href: '/settings/team',
    title: 'Team',
    description: 'Invite colleagues, change roles, remove members.',
    needs: listMembersOperation,
  },
  {
    href: '/settings/api-keys',
    title: 'API keys',
    description: 'Create and revoke the keys your systems sign requests with.',
    needs: listApiKeysOperation,
  },
  {
    href: '/settings/webhooks',
    title: 'Webhooks',
    description: 'Signed events sent to your systems as they happen, with a delivery log and re-sends.',
    needs: listWebhookEndpointsOperation,
  },
  {
    href: '/settings/approvals',
    title: 'Approvals',
    description: 'Who must approve batches, withdrawals, wallets and rule changes, and in which order.',
  },
  {
    href: '/settings/notifications',
    title: 'Notifications',
    description: 'What you are told and how: in the portal, by email, per kind.',
  },
  {
    href: '/settings/access-log',
    title: 'Access log',
    description: "When the provider's support staff looked at your organization, who, and why.",
    needs: getAccessLogOperation,
  },
  {
    href: '/settings/security',
    title: 'Security',
    description: 'Your password and two-factor authentication.',
  },
  {
    href: '/outbox',
    title: 'Sandbox emails',
    description: 'The emails the sandbox would have sent: invitations and password resets.',
    sandboxOnly: true,
  },
];

export function visibleSections(context: { role: OrgRole; sandbox: boolean }): SettingsSection[] {
  return settingsSections.filter(
    (section) =>
      (!section.needs || roleMayCall(context.role, section.needs)) &&
      (!section.sandboxOnly || context.sandbox),
  );
}
