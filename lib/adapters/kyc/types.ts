// Owns the interface of the KYC/KYB review provider: screen one party and decide, in the provider's terms.
import type { ProfileType } from '@/lib/enums/profiles';

/** The party a review is about: the identity a screening provider matches against its lists. */
export interface KycSubject {
  kind: 'sender' | 'beneficiary';
  profileId: string;
  orgId: string;
  type: ProfileType;
  /** Legal name (sender) or account holder name (beneficiary). */
  name: string;
  country: string;
}

/**
 * The provider's verdict. `referred`: the provider cannot decide automatically and a person must (the profile
 * stays in review for the support console).
 */
export type KycDecision =
  | { outcome: 'approved' }
  | { outcome: 'rejected'; reason: string }
  | { outcome: 'referred'; note: string };

export interface KycAdapter {
  readonly name: string;
  review(subject: KycSubject): Promise<KycDecision>;
}
