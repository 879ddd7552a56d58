// Owns the event types of the funding balance.
import { depositSchema } from '@/lib/schemas/funding';
import { defineEvents } from '../define';

export const fundingEvents = defineEvents({
  'funding.deposit_credited': {
    resource: 'deposit',
    visibility: 'public',
    description: 'USDT arrived at a funding address and was credited to the available balance.',
    data: depositSchema,
  },
});
