// Owns the event types of the funding balance.

import { z } from 'zod';
import { chainDepositSchema, depositSchema } from '@/lib/funding/contract/schemas';
import { defineEvents } from '@/lib/platform/events/define';

export const fundingEvents = defineEvents({
  'funding.deposit_credited': {
    resource: 'deposit',
    visibility: 'public',
    description: 'USDT arrived at a funding address and was credited to the available balance.',
    data: depositSchema,
  },
  'funding.deposit_detected': {
    resource: 'chain_deposit',
    visibility: 'public',
    description:
      'USDT sent to a funding address was seen in a block (CUSTODY_ADAPTER=evm); it is credited once it has its confirmations (`funding.deposit_credited`).',
    data: chainDepositSchema,
  },
  'funding_address.entered': {
    resource: 'funding_address',
    visibility: 'internal',
    description:
      "The provider's operations entered the organization's deposit address on a chain (manual custody).",
    data: z.object({ chain: z.string(), address: z.string() }),
  },
  'deposit.recorded': {
    resource: 'manual_deposit',
    visibility: 'internal',
    description:
      'Operations recorded a deposit that reached custody; it is credited once a second person confirms it.',
    data: z.object({ chain: z.string(), amount: z.string(), transaction_hash: z.string() }),
  },
  'chain_alert.resolved': {
    resource: 'chain_alert',
    visibility: 'internal',
    description:
      'Operations settled a credited deposit that vanished in a reorganisation: reinstated (on chain again) or written off (the provider bears it); nothing moved on the ledger.',
    data: z.object({
      kind: z.string(),
      outcome: z.string(),
      note: z.string(),
      chain_deposit_id: z.string(),
      transaction_hash: z.string(),
      amount: z.string(),
    }),
  },
  'deposit.rejected': {
    resource: 'manual_deposit',
    visibility: 'internal',
    description: 'Operations rejected a recorded deposit; nothing was credited.',
    data: z.object({ reason: z.string() }),
  },
});
