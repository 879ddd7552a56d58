// Owns the KYC interface, in a screening provider's terms: review a profile's names and answer a decision.
import type { ReviewSource } from '@/db/schema/profiles';
import type { ProbedAdapter } from '../health';

export interface KycSubject {
  kind: 'sender' | 'beneficiary';
  /** Every name to screen: legal name, beneficiary name, trading names. */
  names: readonly string[];
}

export type KycOutcome = 'ready' | 'rejected' | 'in_review';

export interface KycDecision {
  /** `ready` and `rejected` are final; `in_review` leaves the profile for staff. */
  outcome: KycOutcome;
  /** Shown to the client with a rejected profile (`rejection_reason`); null otherwise. */
  rejectionReason: string | null;
  /** For staff: what the screening found (or that it found nothing). Never shown to the client. */
  screeningNote: string;
}

export interface KycAdapter extends ProbedAdapter {
  readonly name: string;
  /** How a decision of this adapter is recorded on the profile (`review_source`). */
  readonly reviewSource: ReviewSource;
  review(subject: KycSubject): Promise<KycDecision>;
}
