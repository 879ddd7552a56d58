// Owns the KYC adapter services call: the implementation the configuration names (KYC_ADAPTER), as the composition
// root provides it (lib/app/adapters.ts); services import this, never an implementation.
import { configuredAdapter } from '../registry';
import type { KycAdapter } from './types';

export type * from './types';

export function kyc(): KycAdapter {
  return configuredAdapter('kyc');
}
