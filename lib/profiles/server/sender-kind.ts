// Owns what is particular to sender profiles: their wire shape, their identity and contact fields as stored (the ID
// number sealed) and the identity rules they must pass. The profile service (profiles.ts) does the rest.
import type { IdDocumentType } from '@/lib/profiles/contract/enums';
import type { SenderWire } from '@/lib/profiles/contract/schemas';
import {
  type NormalisedSender,
  SENDER_FIELDS,
  type SenderField,
  validateSender,
} from '../contract/validate-sender';
import { validationError } from './common';
import { partyColumns, partyDraft, partyWire, reviewWire } from './party-fields';
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
    ...partyWire(row),
    contact_phone: row.contactPhone,
    ...reviewWire(row),
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
    ...partyDraft(row),
    contact_phone: row.contactPhone ?? undefined,
  };
}

function columnsOf(values: NormalisedSender, senderId: string) {
  const id = sealOptional(values.id_document_number, 'sender_profiles.id_document_number', senderId);
  return {
    ...partyColumns(values),
    legalName: values.legal_name!,
    registrationNumber: values.registration_number ?? null,
    dateOfBirth: values.date_of_birth ?? null,
    idDocumentType: (values.id_document_type as IdDocumentType | undefined) ?? null,
    idDocumentNumber: id.sealed,
    idDocumentNumberLast4: id.last4,
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
