// Owns sender and beneficiary profiles: the parties of a payout and their KYC/KYB review state.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ID_DOCUMENT_TYPES,
  type IdDocumentType,
  PROFILE_STATUSES,
  PROFILE_TYPES,
  type ProfileStatus,
  type ProfileType,
  REVIEW_SOURCES,
  type RequestedInformation,
  type ReviewSource,
  ROUTING_CODE_TYPES,
  type RoutingCodeType,
  type StaffCorrection,
} from '@/lib/profiles/contract/enums';
import { createdAt, id, oneOf, timestampMs, updatedAt } from './_columns';
import { orgId } from './_org-id';
import { users } from './identity/users';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export {
  ID_DOCUMENT_TYPES,
  type IdDocumentType,
  PROFILE_STATUSES,
  PROFILE_TYPES,
  type ProfileStatus,
  type ProfileType,
  REVIEW_SOURCES,
  type ReviewSource,
  ROUTING_CODE_TYPES,
  type RoutingCodeType,
} from '@/lib/profiles/contract/enums';

/**
 * Review columns and checks shared by both profile kinds, so the two review flows cannot drift apart.
 * The checks are what the KYC queue and the order rules rely on: a decided profile says who decided
 * and when, and a rejection reason exists exactly while the profile is rejected (it is what the
 * client reads; the history of earlier reasons lives in events).
 */
const reviewColumns = () => ({
  status: text().$type<ProfileStatus>().notNull().default('draft'),
  /** Displayable to the client; present exactly when status is `rejected`. */
  rejectionReason: text(),
  submittedAt: timestampMs('submitted_at'),
  reviewedAt: timestampMs('reviewed_at'),
  /** Null when the sandbox adapter decided. Users are disabled, never deleted, so the reviewer stays known. */
  reviewedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
  reviewSource: text().$type<ReviewSource>(),
  /**
   * Bumped by every change of identity or bank details (anything but the contact fields), whatever the status: a
   * draft batch's review digest covers it, so an approval cannot pay details other than the ones reviewed.
   */
  detailsVersion: integer().notNull().default(1),
  /**
   * When the identity or bank details last changed (business time, in the transaction that bumped `detailsVersion`);
   * null when never since the profile was created, or before this was kept. Approval rules read it
   * (`details_changed_within_days`).
   */
  detailsChangedAt: timestampMs('details_changed_at'),
  /** What a reviewer asked the client for (question, fields, when); present exactly while `action_required`. */
  requestedInformation: jsonb().$type<RequestedInformation>(),
  /**
   * The latest correction staff made to the details (when, which fields; never who: the client reads "provider
   * staff"). Kept after the review, so the client can always tell data it entered from data staff changed.
   */
  staffCorrection: jsonb().$type<StaffCorrection>(),
  /**
   * Staff who corrected the details during the current review: makers of it, so none of them may decide it (four
   * eyes). Emptied by the decision that ends the review.
   */
  correctedByUserIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
});

type ReviewTable = { [K in keyof ReturnType<typeof reviewColumns>]: Parameters<typeof oneOf>[1] };

function reviewChecks(table: string, t: ReviewTable) {
  return [
    oneOf(`${table}_status_valid`, t.status, PROFILE_STATUSES),
    oneOf(`${table}_review_source_valid`, t.reviewSource, REVIEW_SOURCES),
    check(
      `${table}_rejection_reason_iff_rejected`,
      sql`(${t.rejectionReason} is not null) = (${t.status} = 'rejected')`,
    ),
    check(`${table}_submitted_when_not_draft`, sql`${t.status} = 'draft' or ${t.submittedAt} is not null`),
    check(
      `${table}_decision_recorded`,
      sql`${t.status} not in ('ready', 'rejected') or (${t.reviewedAt} is not null and ${t.reviewSource} is not null)`,
    ),
    check(`${table}_details_version_positive`, sql`${t.detailsVersion} >= 1`),
    check(
      `${table}_requested_information_iff_action_required`,
      sql`(${t.requestedInformation} is not null) = (${t.status} = 'action_required')`,
    ),
    check(
      `${table}_staff_reviewer_named`,
      sql`${t.reviewSource} is distinct from 'staff' or ${t.reviewedByUserId} is not null`,
    ),
  ];
}

/**
 * A sensitive column holds only ciphertext (lib/platform/crypto's `v2:` format, so plaintext can never be written by mistake)
 * and has its masking column exactly when it has a value.
 */
function sealedChecks(
  table: string,
  name: string,
  sealed: Parameters<typeof oneOf>[1],
  last4: Parameters<typeof oneOf>[1],
) {
  return [
    check(`${table}_${name}_encrypted`, sql`${sealed} like 'v2:%'`),
    check(`${table}_${name}_last4_iff_set`, sql`(${sealed} is null) = (${last4} is null)`),
    check(`${table}_${name}_last4_format`, sql`char_length(${last4}) between 1 and 4`),
  ];
}

/**
 * The organization's own key for a profile (its ERP or vendor id), so bulk files and reconciliation need not carry our
 * ids. Optional; unique per organization and kind while set (a partial index, so any number may have none).
 */
function clientReferenceChecks(
  table: string,
  t: { orgId: Parameters<typeof oneOf>[1]; clientReference: Parameters<typeof oneOf>[1] },
) {
  return [
    uniqueIndex(`${table}_org_client_reference_key`)
      .on(t.orgId, t.clientReference)
      .where(sql`${t.clientReference} is not null`),
    check(`${table}_client_reference_length`, sql`char_length(${t.clientReference}) between 1 and 100`),
  ];
}

/** Postal address columns, identical for senders and beneficiaries. */
const addressColumns = () => ({
  /** ISO 3166-1 alpha-2, upper case. */
  country: text().notNull(),
  addressLine1: text(),
  addressLine2: text(),
  city: text(),
  postalCode: text(),
  region: text(),
});

/** ISO 3166-1 alpha-2 in upper case; null passes (a CHECK on null is not false), so optional columns may use it. */
const countryCode = (name: string, column: Parameters<typeof oneOf>[1]) =>
  check(name, sql`${column} ~ '^[A-Z]{2}$'`);

export const senderProfiles = pgTable(
  'sender_profiles',
  {
    id: id(),
    orgId: orgId(),
    type: text().$type<ProfileType>().notNull(),
    legalName: text().notNull(),
    /** Company registration number (KYB); required for a submitted company. */
    registrationNumber: text(),
    /** Identity document of an individual (KYC); required for a submitted individual. */
    idDocumentType: text().$type<IdDocumentType>(),
    /** Encrypted at rest (lib/platform/crypto, `v2:<keyId>:…`, bound to the profile); format checks run in the service, never on ciphertext. */
    idDocumentNumber: text(),
    /** The last four characters, for masking: what every response and page shows. */
    idDocumentNumberLast4: text(),
    /** Individuals only: part of the identity a KYC review matches against the document. */
    dateOfBirth: date({ mode: 'string' }),
    ...addressColumns(),
    contactEmail: text(),
    contactPhone: text(),
    clientReference: text(),
    ...reviewColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Target of the composite keys that keep beneficiaries and files inside the sender's organization.
    unique('sender_profiles_org_id_key').on(t.orgId, t.id),
    index('sender_profiles_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('sender_profiles_org_status_created_idx').on(t.orgId, t.status, t.createdAt, t.id),
    // The support review queue: oldest submission first, across organizations.
    index('sender_profiles_review_queue_idx').on(t.submittedAt, t.id).where(sql`${t.status} = 'in_review'`),
    oneOf('sender_profiles_type_valid', t.type, PROFILE_TYPES),
    oneOf('sender_profiles_id_document_type_valid', t.idDocumentType, ID_DOCUMENT_TYPES),
    countryCode('sender_profiles_country_format', t.country),
    check('sender_profiles_legal_name_present', sql`btrim(${t.legalName}) <> ''`),
    ...sealedChecks('sender_profiles', 'id_document_number', t.idDocumentNumber, t.idDocumentNumberLast4),
    // Drafts may be incomplete; anything submitted carries the identifier its review is about.
    check(
      'sender_profiles_identifier_when_submitted',
      sql`${t.status} = 'draft'
        or (${t.type} = 'company' and ${t.registrationNumber} is not null)
        or (${t.type} = 'individual' and ${t.idDocumentType} is not null and ${t.idDocumentNumber} is not null)`,
    ),
    ...reviewChecks('sender_profiles', t),
    ...clientReferenceChecks('sender_profiles', t),
  ],
);

export const beneficiaryProfiles = pgTable(
  'beneficiary_profiles',
  {
    id: id(),
    orgId: orgId(),
    /** "The beneficiary's own sender": orders may only pay this beneficiary on behalf of this sender. */
    senderProfileId: uuid().notNull(),
    type: text().$type<ProfileType>().notNull(),
    /** Account holder name as the receiving bank knows it. */
    name: text().notNull(),
    ...addressColumns(),
    contactEmail: text(),
    /** ISO 4217 currency the beneficiary is paid in; selects the corridor. */
    currency: text().notNull(),
    bankName: text(),
    /** ISO 3166-1 alpha-2 of the receiving bank. */
    bankCountry: text(),
    /** Encrypted at rest; the plaintext is normalised (upper case, no spaces) and checksum-validated in the service. */
    iban: text(),
    ibanLast4: text(),
    swiftBic: text(),
    /** Encrypted at rest, like the IBAN. */
    accountNumber: text(),
    accountNumberLast4: text(),
    routingCode: text(),
    routingCodeType: text().$type<RoutingCodeType>(),
    clientReference: text(),
    ...reviewColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A beneficiary can never belong to another organization's sender.
    foreignKey({
      name: 'beneficiary_profiles_sender_fk',
      columns: [t.orgId, t.senderProfileId],
      foreignColumns: [senderProfiles.orgId, senderProfiles.id],
    }).onDelete('restrict'),
    // Target of payout_orders' key, which enforces "the sender is the beneficiary's own sender".
    unique('beneficiary_profiles_org_sender_id_key').on(t.orgId, t.senderProfileId, t.id),
    index('beneficiary_profiles_org_created_idx').on(t.orgId, t.createdAt, t.id),
    index('beneficiary_profiles_org_status_created_idx').on(t.orgId, t.status, t.createdAt, t.id),
    index('beneficiary_profiles_org_sender_created_idx').on(t.orgId, t.senderProfileId, t.createdAt, t.id),
    index('beneficiary_profiles_review_queue_idx')
      .on(t.submittedAt, t.id)
      .where(sql`${t.status} = 'in_review'`),
    oneOf('beneficiary_profiles_type_valid', t.type, PROFILE_TYPES),
    oneOf('beneficiary_profiles_routing_code_type_valid', t.routingCodeType, ROUTING_CODE_TYPES),
    check('beneficiary_profiles_name_present', sql`btrim(${t.name}) <> ''`),
    countryCode('beneficiary_profiles_country_format', t.country),
    countryCode('beneficiary_profiles_bank_country_format', t.bankCountry),
    check('beneficiary_profiles_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    ...sealedChecks('beneficiary_profiles', 'iban', t.iban, t.ibanLast4),
    ...sealedChecks('beneficiary_profiles', 'account_number', t.accountNumber, t.accountNumberLast4),
    check(
      'beneficiary_profiles_swift_bic_format',
      sql`${t.swiftBic} ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'`,
    ),
    check(
      'beneficiary_profiles_routing_code_typed',
      sql`(${t.routingCode} is null) = (${t.routingCodeType} is null)`,
    ),
    // A submitted beneficiary can be paid: it has an account to credit.
    check(
      'beneficiary_profiles_account_when_submitted',
      sql`${t.status} = 'draft' or ${t.iban} is not null or ${t.accountNumber} is not null`,
    ),
    ...reviewChecks('beneficiary_profiles', t),
    ...clientReferenceChecks('beneficiary_profiles', t),
  ],
);
