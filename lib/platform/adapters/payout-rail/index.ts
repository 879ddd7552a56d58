// Owns the payout rail adapter services call: the implementation the configuration names (PAYOUT_RAIL_ADAPTER), as the composition
// root provides it (lib/app/adapters.ts); services import this, never an implementation.
import { configuredAdapter } from '../registry';
import type { PayoutRail } from './types';

export type { PayoutRail } from './types';

export function payoutRail(): PayoutRail {
  return configuredAdapter('payout-rail');
}
