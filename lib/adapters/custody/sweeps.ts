// Owns picking the custody sweep implementation (joins the custody adapter's selection when it lands).
import { sandboxCustodySweeps } from './sweep-sandbox';
import type { CustodySweeps } from './sweep-types';

export type { CustodySweeps, SweepRequest } from './sweep-types';

export function custodySweeps(): CustodySweeps {
  return sandboxCustodySweeps;
}
