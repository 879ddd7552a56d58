// Owns the one event catalogue: every area's event types combined. An area adds its file here and nothing else.

import { approvalEvents } from '@/lib/approvals/contract/events';
import { fundingEvents } from '@/lib/funding/contract/events';
import { accountSecurityEvents } from '@/lib/identity/contract/account-security-events';
import { organizationEvents } from '@/lib/identity/contract/organizations-events';
import { securityEvents } from '@/lib/identity/contract/security-events';
import { teamEvents } from '@/lib/identity/contract/team-events';
import { liquidityEvents } from '@/lib/liquidity/contract/events';
import { payoutEvents } from '@/lib/payouts/contract/events';
import { provideEventCatalogue } from '@/lib/platform/events/catalogue-registry';
import { pricingEvents } from '@/lib/pricing/contract/events';
import { profileEvents } from '@/lib/profiles/contract/events';
import { sandboxEvents } from '@/lib/sandbox/contract/events';
import { supportEvents } from '@/lib/support/contract/events';
import { webhookEvents } from '@/lib/webhooks/contract/events';

/** Each area's catalogue, in one list so a name declared twice is caught (see `catalogue.test.ts`). */
export const eventCatalogueAreas = {
  organizations: organizationEvents,
  security: securityEvents,
  funding: fundingEvents,
  pricing: pricingEvents,
  payouts: payoutEvents,
  profiles: profileEvents,
  liquidity: liquidityEvents,
  sandbox: sandboxEvents,
  support: supportEvents,
  webhooks: webhookEvents,
  team: teamEvents,
  accountSecurity: accountSecurityEvents,
  approvals: approvalEvents,
} as const;

export const eventCatalogue = {
  ...organizationEvents,
  ...securityEvents,
  ...fundingEvents,
  ...pricingEvents,
  ...payoutEvents,
  ...profileEvents,
  ...liquidityEvents,
  ...sandboxEvents,
  ...supportEvents,
  ...webhookEvents,
  ...teamEvents,
  ...accountSecurityEvents,
  ...approvalEvents,
};

declare module '@/lib/platform/events/catalogue-registry' {
  /** Types recordEvent by every area's events (platform reads the catalogue itself from its registry). */
  interface EventRegister {
    catalogue: typeof eventCatalogue;
  }
}

provideEventCatalogue(eventCatalogue);

export type { EventData } from '@/lib/platform/events/catalogue-registry';
export { eventDefinition, isPublicEventType } from '@/lib/platform/events/catalogue-registry';
