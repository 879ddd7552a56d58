// Owns the one event catalogue: every area's event types combined. An area adds its file here and nothing else.
import type { z } from 'zod';
import { fundingEvents } from '@/lib/funding/contract/events';
import { liquidityEvents } from '@/lib/liquidity/contract/events';
import { webhookEvents } from '@/lib/webhooks/contract/events';
import { sandboxEvents } from '../events/catalogue/sandbox';
import { accountSecurityEvents } from '../identity/contract/account-security-events';
import { organizationEvents } from '../identity/contract/organizations-events';
import { securityEvents } from '../identity/contract/security-events';
import { teamEvents } from '../identity/contract/team-events';
import { payoutEvents } from '../payouts/contract/events';
import type { EventDefinition } from '../platform/events/define';
import { pricingEvents } from '../pricing/contract/events';
import { profileEvents } from '../profiles/contract/events';
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

export type EventCatalogue = typeof eventCatalogue;
export type EventType = keyof EventCatalogue & string;
/** What `recordEvent` accepts as `data` for a type. */
export type EventData<T extends EventType> = z.input<EventCatalogue[T]['data']>;

export function eventDefinition(type: string): EventDefinition | undefined {
  return Object.hasOwn(eventCatalogue, type)
    ? (eventCatalogue as Record<string, EventDefinition>)[type]
    : undefined;
}

export function isPublicEventType(type: string): boolean {
  return eventDefinition(type)?.visibility === 'public';
}
