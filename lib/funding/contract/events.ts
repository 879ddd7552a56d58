// Owns the event types of the funding balance.

import { depositSchema } from '@/lib/funding/contract/schemas';
import { defineEvents } from '@/lib/platform/events/define';

export const fundingEvents = defineEvents({
  'funding.deposit_credited': {
    resource: 'deposit',
    visibility: 'public',
    description: 'USDT arrived at a funding address and was credited to the available balance.',
    data: depositSchema,
  },
});
