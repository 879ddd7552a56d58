// Owns the one event catalogue: every area's event types combined. An area adds its file here and nothing else.

import { fundingEvents } from '@/lib/funding/contract/events';
import { liquidityEvents } from '@/lib/liquidity/contract/events';
import { provideEventCatalogue } from '@/lib/platform/events/catalogue-registry';
import { webhookEvents } from '@/lib/webhooks/contract/events';
import { accountSecurityEvents } from '../identity/contract/account-security-events';
import { organizationEvents } from '../identity/contract/organizations-events';
import { securityEvents } from '../identity/contract/security-events';
import { teamEvents } from '../identity/contract/team-events';
import { payoutEvents } from '../payouts/contract/events';
import type { EventDefinition } from '../platform/events/define';
import { pricingEvents } from '../pricing/contract/events';
import { profileEvents } from '../profiles/contract/events';
import { sandboxEvents } from '../sandbox/contract/events';
import { supportEvents } from '../support/contract/events';

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
};

declare module '@/lib/platform/events/catalogue-registry' {
  /** Types recordEvent by every area's events (platform reads the catalogue itself from its registry). */
  interface EventRegister {
    catalogue: typeof eventCatalogue;
  }
}

provideEventCatalogue(eventCatalogue);

export type { EventData, EventType } from '@/lib/platform/events/catalogue-registry';
export { eventDefinition, isPublicEventType } from '@/lib/platform/events/catalogue-registry';
