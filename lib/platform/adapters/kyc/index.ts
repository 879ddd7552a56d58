// Owns the KYC adapter services call: the implementation the configuration names (KYC_ADAPTER), as the composition
// root provides it (lib/app/adapters.ts); services import this, never an implementation.
import { configuredAdapter } from '../registry';
import type { KycAdapter } from './types';

export type * from './types';

export function kyc(): KycAdapter {
  return configuredAdapter('kyc');
}

/**
 * The screening the demo data is decided by: the sandbox rule (REJECT, REVIEW), whatever KYC_ADAPTER names, so the
 * seeded world (ready parties, paid batches) is the same when a production implementation runs in the sandbox.
 * Only the demo seed uses it; every real submission goes through `kyc()`.
 */
export { sandboxKyc as demoKyc } from './sandbox';
