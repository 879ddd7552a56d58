// Owns the pricing area's server API: the only server file of pricing that route files, other areas and the
// composition root import. Files inside lib/pricing/server import each other directly, never through this one.
export { getPricing, publishRate, setMargin, updateCorridor } from './pricing-console';
export { loadPricing, type OrderQuote, quoteWith } from './quote-orders';
export { sandboxRates } from './sandbox-rates';
export {
  DEMO_CORRIDORS,
  DEMO_CURRENCIES,
  DEMO_FX_RATES,
  type DemoCurrency,
  type SeededPricing,
  seedPricing,
} from './seed';
