// Owns the rate source adapter services call: the implementation the configuration names (RATES_ADAPTER), as the composition
// root provides it (lib/app/adapters.ts); services import this, never an implementation.
import { configuredAdapter } from '../registry';
import type { RatesAdapter } from './types';

export { type FeedRate, readFeed } from './feed';
export type { FxRate, RatesAdapter } from './types';
export { ratesUnavailable } from './unavailable';

export function rates(): RatesAdapter {
  return configuredAdapter('rates');
}
