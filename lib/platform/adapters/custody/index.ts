// Owns the custody adapter services call: the implementation the configuration names (CUSTODY_ADAPTER), as the composition
// root provides it (lib/app/adapters.ts); services import this, never an implementation.
import { configuredAdapter } from '../registry';
import type { CustodyAdapter } from './types';

export type * from './chain-watch';
export type * from './types';

export function custody(): CustodyAdapter {
  return configuredAdapter('custody');
}
