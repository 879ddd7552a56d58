// Owns the pricing area's server API: the only server file of pricing that route files, other areas and the
// composition root import. Files inside lib/pricing/server import each other directly, never through this one.

export { createCorridor, listCorridorDetails, updateCorridorFees } from './corridors';
export { httpRates } from './http-rates';
export { manualRates } from './manual-rates';
export { pollRatesFeedTask } from './poll-rates-feed-task';
export { getPricing, publishRate, setMargin, updateCorridor } from './pricing-console';
export { loadPricing, type OrderQuote, quoteWith } from './quote-orders';
export { listRateSheets, publishRateSheet } from './rate-sheets';
export { pollRatesFeed } from './rates-feed';
export { sandboxRates } from './sandbox-rates';
export {
  DEMO_CORRIDORS,
  DEMO_CURRENCIES,
  DEMO_FX_RATES,
  type DemoCurrency,
  type SeededPricing,
  seedPricing,
} from './seed';
export { thinFeedRates, thinFeedRatesTask } from './thin-feed-rates';
