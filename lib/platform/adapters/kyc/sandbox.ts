// Owns the sandbox KYC simulation: the magic words REJECT and REVIEW decide, anything else passes.
import type { KycAdapter, KycDecision, KycSubject } from './types';

export const SANDBOX_REJECTION_REASON = 'Screening: possible restricted-party match';

const hasWord = (names: readonly string[], word: string) =>
  names.some((name) => new RegExp(`(^|[^\\p{L}\\p{N}])${word}($|[^\\p{L}\\p{N}])`, 'iu').test(name));

/**
 * Documented behaviour (DESIGN, "Profiles"): a name containing the whole word `REJECT` (any case) is rejected with
 * "Screening: possible restricted-party match"; one containing the whole word `REVIEW` stays `in_review` for staff;
 * anything else is `ready`. REJECT wins over REVIEW. "Rejected Ltd" or "Reviewer GmbH" are ordinary names.
 */
export function decideSandboxReview(subject: KycSubject): KycDecision {
  if (hasWord(subject.names, 'REJECT')) {
    return {
      outcome: 'rejected',
      rejectionReason: SANDBOX_REJECTION_REASON,
      screeningNote: 'Sandbox screening: the name contains REJECT, which simulates a restricted-party match.',
    };
  }
  if (hasWord(subject.names, 'REVIEW')) {
    return {
      outcome: 'in_review',
      rejectionReason: null,
      screeningNote:
        'Sandbox screening: the name contains REVIEW, which simulates a possible match for staff to clear.',
    };
  }
  return { outcome: 'ready', rejectionReason: null, screeningNote: 'Sandbox screening: no match.' };
}

export const sandboxKyc: KycAdapter = {
  name: 'sandbox',
  reviewSource: 'sandbox_adapter',
  async review(subject) {
    return decideSandboxReview(subject);
  },
};
