// Owns the manual KYC implementation for production: no automated screening, so every submitted sender and
// beneficiary waits in the support review queue for a person to screen and decide.
import type { KycAdapter, KycDecision } from './types';

export const MANUAL_SCREENING_NOTE =
  'No automated screening ran (KYC_ADAPTER=manual): screen the names against the sanctions and restricted-party lists before deciding.';

/**
 * A provider without a screening service still reviews every party: the adapter refers each one to staff, whose
 * decision (approve with a rationale, reject with a reason, or ask the client for more) is the review.
 */
export const manualKyc: KycAdapter = {
  name: 'manual',
  // Nothing is ever decided by this adapter; the decision on the profile is always recorded as staff's.
  reviewSource: 'staff',
  async review(): Promise<KycDecision> {
    return { outcome: 'in_review', rejectionReason: null, screeningNote: MANUAL_SCREENING_NOTE };
  },
};
