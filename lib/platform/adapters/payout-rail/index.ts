// Owns picking the payout rail from configuration; services call `payoutRail()`, never an implementation directly.
import { adapterSetting } from '../registry';
import { sandboxPayoutRail } from './sandbox';
import type { PayoutRail } from './types';

export type { PayoutRail } from './types';

export function payoutRail(): PayoutRail {
  switch (adapterSetting('payout-rail')) {
    default:
      return sandboxPayoutRail;
  }
}
