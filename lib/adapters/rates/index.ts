// Owns picking the rate source from configuration; services call `rates()`, never an implementation directly.
import { sandboxRates } from './sandbox';
import type { RatesAdapter } from './types';

export type { FxRate, RatesAdapter } from './types';

/** Only the sandbox source exists (it reads the rates staff publish); a live source is another implementation. */
export function rates(): RatesAdapter {
  return sandboxRates;
}
