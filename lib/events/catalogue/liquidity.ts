// Owns the event types of liquidity: withdrawals, withdrawal requests, loans and settlement proofs.
import { z } from 'zod';
import { WITHDRAWAL_STATUSES } from '@/db/schema/liquidity';
import { defineEvents, statusEvents } from '../define';
import { provisionalObject } from './provisional';

export const liquidityEvents = {
  ...statusEvents('withdrawal', WITHDRAWAL_STATUSES, {
    visibility: 'public',
    data: provisionalObject,
    describe: (status) => `A withdrawal moved to ${status}.`,
  }),
  ...defineEvents({
    'withdrawal_request.rejected': {
      resource: 'withdrawal_request',
      visibility: 'internal',
      description: 'A withdrawal request was refused before it became a withdrawal.',
      data: z.object({ amount: z.string(), reason: z.string().nullish() }),
    },
    'loan.created': {
      resource: 'loan',
      visibility: 'internal',
      description: 'A loan was recorded for the organization.',
      data: z.object({
        principal: z.string(),
        currency: z.string(),
        status: z.string(),
        source: z.string().optional(),
      }),
    },
    'settlement_proof.added': {
      resource: 'settlement_proof',
      visibility: 'internal',
      description: 'A proof-of-settlement file was attached to a settlement route.',
      data: z.object({ route_id: z.string(), file_id: z.string() }),
    },
  }),
};
