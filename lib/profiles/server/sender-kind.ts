// Owns what is particular to sender profiles: their wire shape, their identity and contact fields as stored (the ID
// number sealed) and the identity rules they must pass. The profile service (profiles.ts) does the rest.
import type { IdDocumentType, ProfileType } from '@/lib/profiles/contract/enums';
import type { SenderWire } from '@/lib/profiles/contract/schemas';
import {
  type NormalisedSender,
  SENDER_FIELDS,
  type SenderField,
  validateSender,
} from '../contract/validate-sender';
import { validationError } from './common';
import type { ProfileKindSpec } from './profile-kind-spec';
import type { SenderRow } from './profile-rows';
import { sealOptional, unseal } from './sealed';

/** Changing these never sends a `ready` sender back to review: the review checked the identity, not the contact. */
const CONTACT_FIELDS: ReadonlySet<SenderField> = new Set(['contact_email', 'contact_phone']);

function senderToWire(row: SenderRow): SenderWire {
  return {
    id: row.id,
    type: row.type,
    legal_name: row.legalName,
    registration_number: row.registrationNumber,
    date_of_birth: row.dateOfBirth,
    id_document_type: row.idDocumentType,
    id_document_number_last4: row.idDocumentNumberLast4,
    country: row.country,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    postal_code: row.postalCode,
    region: row.region,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    client_reference: row.clientReference,
    status: row.status,
    rejection_reason: row.rejectionReason,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The sender as its fields were entered (the ID number decrypted), for merging an edit and re-validating. */
function senderDraftOf(row: SenderRow): NormalisedSender {
  return {
    type: row.type,
    legal_name: row.legalName,
    registration_number: row.registrationNumber ?? undefined,
    date_of_birth: row.dateOfBirth ?? undefined,
    id_document_type: row.idDocumentType ?? undefined,
    id_document_number:
      unseal(row.idDocumentNumber, 'sender_profiles.id_document_number', row.id) ?? undefined,
    country: row.country,
    address_line1: row.addressLine1 ?? undefined,
    address_line2: row.addressLine2 ?? undefined,
    city: row.city ?? undefined,
    postal_code: row.postalCode ?? undefined,
    region: row.region ?? undefined,
    contact_email: row.contactEmail ?? undefined,
    contact_phone: row.contactPhone ?? undefined,
  };
}

function columnsOf(values: NormalisedSender, senderId: string) {
  const id = sealOptional(values.id_document_number, 'sender_profiles.id_document_number', senderId);
  return {
    type: values.type as ProfileType,
    legalName: values.legal_name!,
    registrationNumber: values.registration_number ?? null,
    dateOfBirth: values.date_of_birth ?? null,
    idDocumentType: (values.id_document_type as IdDocumentType | undefined) ?? null,
    idDocumentNumber: id.sealed,
    idDocumentNumberLast4: id.last4,
    country: values.country!,
    addressLine1: values.address_line1 ?? null,
    addressLine2: values.address_line2 ?? null,
    city: values.city ?? null,
    postalCode: values.postal_code ?? null,
    region: values.region ?? null,
    contactEmail: values.contact_email ?? null,
    contactPhone: values.contact_phone ?? null,
  };
}

export const senderKind: ProfileKindSpec<'sender'> = {
  kind: 'sender',
  notFoundName: 'Sender',
  toWire: senderToWire,
  nameOf: (row) => row.legalName,
  fields: SENDER_FIELDS,
  contactFields: CONTACT_FIELDS,
  impliedWhenUnset: new Set(),
  draftOf: senderDraftOf,
  validate(draft, at) {
    const { issues, values } = validateSender(draft, at);
    if (issues.length > 0) throw validationError(issues);
    return { values, columns: (senderId) => columnsOf(values, senderId) };
  },
  // A sender stands on its own.
  parentColumns: async () => ({}),
  listConditions: () => [],
};
