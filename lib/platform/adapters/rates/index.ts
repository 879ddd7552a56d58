// Owns picking the rate source from configuration; services call `rates()`, never an implementation directly.
import { adapterSetting } from '../registry';
import { sandboxRates } from './sandbox';
import type { RatesAdapter } from './types';

export type { FxRate, RatesAdapter } from './types';

/** Only the sandbox source exists (it reads the rates staff publish in fx_rates); a live source is another one. */
export function rates(): RatesAdapter {
  switch (adapterSetting('rates')) {
    default:
      return sandboxRates;
  }
}
