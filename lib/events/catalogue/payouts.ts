// Owns the event types of payout batches and orders.
import { ORDER_STATUSES } from '@/db/schema/payouts';
import { defineEvents, statusEvents } from '../define';
import { provisionalObject } from './provisional';

/** Every order status after DRAFT has its event (`order.awaiting_deposit` … `order.cancelled_expired`). */
const ORDER_EVENT_STATUSES = ORDER_STATUSES.filter(
  (status): status is Exclude<(typeof ORDER_STATUSES)[number], 'DRAFT'> => status !== 'DRAFT',
);

export const payoutEvents = {
  ...defineEvents({
    'batch.created': {
      resource: 'batch',
      visibility: 'public',
      description: 'A batch was created and quoted; it awaits confirmation.',
      data: provisionalObject,
    },
    'batch.confirmed': {
      resource: 'batch',
      visibility: 'public',
      description: 'A batch was confirmed: its total is held and its orders await the deposit.',
      data: provisionalObject,
    },
    'batch.cancelled_expired': {
      resource: 'batch',
      visibility: 'public',
      description: 'A batch expired (its draft or its funding window) and was cancelled.',
      data: provisionalObject,
    },
  }),
  ...statusEvents('order', ORDER_EVENT_STATUSES, {
    visibility: 'public',
    data: provisionalObject,
    describe: (status) => `An order moved to ${status}.`,
  }),
};
