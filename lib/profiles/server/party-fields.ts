// Owns the fields both profile kinds store and show the same way: where the party is and how to reach it, and where
// its review stands. Each kind spreads them where its wire shape, draft and columns put them.
import type { ProfileType } from '@/lib/profiles/contract/enums';
import type { BeneficiaryRow, SenderRow } from './profile-rows';

type AnyRow = SenderRow | BeneficiaryRow;

/** The address and contact email as the wire shows them. */
export function partyWire(row: AnyRow) {
  return {
    country: row.country,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    postal_code: row.postalCode,
    region: row.region,
    contact_email: row.contactEmail,
  };
}

/** The organization's reference and the review's state as the wire shows them. */
export function reviewWire(row: AnyRow) {
  return {
    client_reference: row.clientReference,
    status: row.status,
    rejection_reason: row.rejectionReason,
    requested_information: row.requestedInformation,
    staff_correction: row.staffCorrection && {
      corrected_by: 'provider_staff' as const,
      ...row.staffCorrection,
    },
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The address and contact email as they were entered, for merging an edit and re-validating. */
export function partyDraft(row: AnyRow) {
  return {
    country: row.country,
    address_line1: row.addressLine1 ?? undefined,
    address_line2: row.addressLine2 ?? undefined,
    city: row.city ?? undefined,
    postal_code: row.postalCode ?? undefined,
    region: row.region ?? undefined,
    contact_email: row.contactEmail ?? undefined,
  };
}

/** The columns of the type, address and contact email, from values that passed the kind's rules. */
export function partyColumns(values: Partial<Record<PartyField, string>>) {
  return {
    type: values.type as ProfileType,
    country: values.country!,
    addressLine1: values.address_line1 ?? null,
    addressLine2: values.address_line2 ?? null,
    city: values.city ?? null,
    postalCode: values.postal_code ?? null,
    region: values.region ?? null,
    contactEmail: values.contact_email ?? null,
  };
}

type PartyField =
  | 'type'
  | 'country'
  | 'address_line1'
  | 'address_line2'
  | 'city'
  | 'postal_code'
  | 'region'
  | 'contact_email';
