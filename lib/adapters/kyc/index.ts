// Owns choosing the KYC provider: only the sandbox simulation exists, so every mode uses it until a real one is added
// (production start-up refuses to run without real adapters: see lib/adapters).
import { sandboxKycAdapter } from './sandbox';
import type { KycAdapter } from './types';

export type { KycAdapter, KycDecision, KycSubject } from './types';

export function kycAdapter(): KycAdapter {
  return sandboxKycAdapter;
}
