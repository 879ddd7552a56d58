// Owns the event types of sender and beneficiary profiles.
import { z } from 'zod';
import { defineEvents } from '../define';
import { provisionalObject } from './provisional';

const created = z.object({ status: z.string(), source: z.string().optional() });

export const profileEvents = defineEvents({
  'sender.created': {
    resource: 'sender',
    visibility: 'internal',
    description: 'A sender profile was created.',
    data: created,
  },
  'sender.submitted': {
    resource: 'sender',
    visibility: 'public',
    description: 'A sender profile was submitted for review.',
    data: provisionalObject,
  },
  'sender.ready': {
    resource: 'sender',
    visibility: 'public',
    description: 'A sender profile passed review and can be used in payouts.',
    data: provisionalObject,
  },
  'sender.rejected': {
    resource: 'sender',
    visibility: 'public',
    description: 'A sender profile was rejected; `rejection_reason` says why.',
    data: provisionalObject,
  },
  'beneficiary.created': {
    resource: 'beneficiary',
    visibility: 'internal',
    description: 'A beneficiary profile was created.',
    data: created,
  },
  'beneficiary.submitted': {
    resource: 'beneficiary',
    visibility: 'public',
    description: 'A beneficiary profile was submitted for review.',
    data: provisionalObject,
  },
  'beneficiary.ready': {
    resource: 'beneficiary',
    visibility: 'public',
    description: 'A beneficiary profile passed review and can be used in payouts.',
    data: provisionalObject,
  },
  'beneficiary.rejected': {
    resource: 'beneficiary',
    visibility: 'public',
    description: 'A beneficiary profile was rejected; `rejection_reason` says why.',
    data: provisionalObject,
  },
});
