// Owns the enumerations of profiles shared by the tables, the wire schemas and the portal (no drizzle, no db/).

/** The two kinds of profile: who pays (a sender) and who gets paid (a beneficiary, registered under a sender). */
export type ProfileKind = 'sender' | 'beneficiary';

export const PROFILE_TYPES = ['company', 'individual'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/**
 * draft → in_review → ready | rejected | action_required; a rejected profile is corrected and resubmitted, and an
 * `action_required` one is completed and resubmitted (→ in_review). Only `ready` may be paid or pay.
 */
export const PROFILE_STATUSES = ['draft', 'in_review', 'ready', 'rejected', 'action_required'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

/** Who decided a review: the sandbox KYC adapter or a support staff member (staff decisions take precedence). */
export const REVIEW_SOURCES = ['sandbox_adapter', 'staff'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** Identity documents accepted for an individual sender. */
export const ID_DOCUMENT_TYPES = ['passport', 'national_id', 'driving_licence', 'residence_permit'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

/** Domestic bank routing identifiers, by the country scheme that uses them. */
export const ROUTING_CODE_TYPES = ['aba', 'sort_code', 'ifsc', 'clabe', 'bsb', 'transit', 'other'] as const;
export type RoutingCodeType = (typeof ROUTING_CODE_TYPES)[number];

/** A reviewer's request to the client (status `action_required`): the question and the fields it is about. */
export interface RequestedInformation {
  question: string;
  /** Wire names of the profile's fields the client should look at; may be empty. */
  fields: string[];
  /** RFC 3339. */
  asked_at: string;
}

/** The latest correction of a profile's details by the provider's staff, as the client may read it. */
export interface StaffCorrection {
  /** RFC 3339. */
  corrected_at: string;
  /** Wire names only: the values are on the profile itself. */
  changed_fields: string[];
}
