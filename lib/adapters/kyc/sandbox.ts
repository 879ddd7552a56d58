// Owns the sandbox KYC provider: decides by documented magic words in the name, so integrators can reach every state.
import type { KycAdapter, KycDecision, KycSubject } from './types';

/** The reason a client reads when the sandbox screening rejects a profile. */
export const SANDBOX_REJECTION_REASON = 'Screening: possible restricted-party match';

const REJECT = /(^|[^\p{L}\p{N}])reject($|[^\p{L}\p{N}])/iu;
const REVIEW = /(^|[^\p{L}\p{N}])review($|[^\p{L}\p{N}])/iu;

/**
 * A name containing the whole word REJECT (any case) is rejected; one containing the whole word REVIEW is referred
 * to staff and stays in review; anything else is approved. REJECT wins when both appear.
 */
export function sandboxDecision(subject: Pick<KycSubject, 'name'>): KycDecision {
  if (REJECT.test(subject.name)) return { outcome: 'rejected', reason: SANDBOX_REJECTION_REASON };
  if (REVIEW.test(subject.name)) {
    return { outcome: 'referred', note: 'Sandbox: the name asks for a manual review' };
  }
  return { outcome: 'approved' };
}

export const sandboxKycAdapter: KycAdapter = {
  name: 'sandbox',
  review: async (subject) => sandboxDecision(subject),
};
