// Owns picking the KYC implementation from configuration; services import this, never an implementation.
import { sandboxKyc } from './sandbox';
import type { KycAdapter } from './types';

export type * from './types';

/** Only the sandbox simulation exists (the adapters framework refuses it in production at start-up). */
export function kyc(): KycAdapter {
  return sandboxKyc;
}
