// Owns the declarations of the profile operations (payouts area): senders, their files, beneficiaries, requirements.
import {
  DEFAULT_EXPORT_CONCURRENCY_TOTAL,
  DEFAULT_HEAVY_CONCURRENCY_PER_ORG,
  DEFAULT_STREAM_WRITE_TIMEOUT_SECONDS,
  defineOperation,
} from '@/lib/platform/operations/operation';
import { listEnvelopeSchema } from '@/lib/platform/pagination';
import { ADDRESS_AND_CONTACT_FIELDS } from '@/lib/profiles/contract/address-fields';
import {
  beneficiaryExportQuery,
  beneficiaryListQuery,
  beneficiaryParams,
  beneficiarySchema,
  beneficiaryValidationSchema,
  createBeneficiaryBody,
  createSenderBody,
  requirementsQuery,
  requirementsSchema,
  senderFileListSchema,
  senderFileParams,
  senderFileSchema,
  senderListQuery,
  senderParams,
  senderSchema,
  updateBeneficiaryBody,
  updateSenderBody,
  validateBeneficiaryBody,
} from '@/lib/profiles/contract/schemas';

const REVIEW_NOTE =
  'Sandbox review: a name containing the whole word `REJECT` (any case) is rejected ("Screening: possible restricted-party match"); one containing the whole word `REVIEW` stays `in_review` for staff; anything else becomes `ready` a few seconds after submission.';

export const listSendersOperation = defineOperation({
  id: 'listSenders',
  method: 'GET',
  path: '/api/v2/senders',
  summary: "The organization's senders",
  description:
    'Newest first. Identity document numbers are never returned, only their last four characters. `client_reference` finds the sender carrying your own reference.',
  tags: ['Senders'],
  entitlement: 'payouts',
  query: senderListQuery,
  response: { status: 200, description: 'A page of senders', schema: listEnvelopeSchema(senderSchema) },
});

export const createSenderOperation = defineOperation({
  id: 'createSender',
  method: 'POST',
  path: '/api/v2/senders',
  summary: 'Register a sender (a paying entity of the organization)',
  description:
    'Creates the sender in `draft`. A company needs `registration_number`; an individual `date_of_birth`, `id_document_type` and `id_document_number`. Every failing field is reported at once (422). A `client_reference` another sender of the organization holds is 409 `client_reference_exists`. Submit it for review to make it `ready`.',
  tags: ['Senders'],
  entitlement: 'payouts',
  body: createSenderBody,
  errors: ['client_reference_exists'],
  response: { status: 201, description: 'The new sender', schema: senderSchema },
});

export const getSenderOperation = defineOperation({
  id: 'getSender',
  method: 'GET',
  path: '/api/v2/senders/{senderId}',
  summary: 'One sender',
  tags: ['Senders'],
  entitlement: 'payouts',
  params: senderParams,
  response: { status: 200, description: 'The sender', schema: senderSchema },
});

export const updateSenderOperation = defineOperation({
  id: 'updateSender',
  method: 'PATCH',
  path: '/api/v2/senders/{senderId}',
  summary: 'Edit a sender',
  description:
    'Allowed in `draft`, `rejected` and `ready`; 409 while `in_review` (except an edit of `client_reference` alone, which is no part of the review). A `ready` sender whose identity (anything but the contact email and phone) changes goes back to `in_review` and is reviewed again. Such a change also outdates every draft batch paid on its behalf (`batch.review_outdated`), and whoever made it becomes one of those drafts’ `makers`.',
  tags: ['Senders'],
  entitlement: 'payouts',
  params: senderParams,
  body: updateSenderBody,
  errors: ['invalid_state', 'client_reference_exists'],
  response: { status: 200, description: 'The sender after the edit', schema: senderSchema },
});

export const submitSenderOperation = defineOperation({
  id: 'submitSender',
  method: 'POST',
  path: '/api/v2/senders/{senderId}/submit',
  summary: 'Submit a sender for KYC/KYB review',
  description: `From \`draft\` or \`rejected\` to \`in_review\`; 409 otherwise. ${REVIEW_NOTE} Events: \`sender.submitted\`, then \`sender.ready\` or \`sender.rejected\`.`,
  tags: ['Senders'],
  entitlement: 'payouts',
  params: senderParams,
  errors: ['invalid_state'],
  response: { status: 200, description: 'The sender, now in review', schema: senderSchema },
});

export const listSenderFilesOperation = defineOperation({
  id: 'listSenderFiles',
  method: 'GET',
  path: '/api/v2/senders/{senderId}/files',
  summary: "A sender's proof documents",
  description: 'Newest first. Use the ids as `file_ids` on orders of this sender.',
  tags: ['Senders'],
  entitlement: 'payouts',
  params: senderParams,
  response: { status: 200, description: 'The files', schema: senderFileListSchema },
});

export const uploadSenderFileOperation = defineOperation({
  id: 'uploadSenderFile',
  method: 'POST',
  path: '/api/v2/senders/{senderId}/files',
  summary: 'Upload a proof document for a sender',
  description:
    'A `multipart/form-data` body with one part `file`: a PDF, PNG or JPEG, recognised by its content (not its name or declared type; anything else is 415), at most 10 MiB (413), its SHA-256 computed while it is read. Use the returned id in `file_ids` of orders of this sender.',
  tags: ['Senders'],
  entitlement: 'payouts',
  params: senderParams,
  bodyKind: 'multipart',
  files: {
    file: {
      description: 'The document: PDF, PNG or JPEG, at most 10 MiB',
      contentTypes: ['application/pdf', 'image/png', 'image/jpeg'],
    },
  },
  // The file's own limit (10 MiB) is enforced by the service; this leaves room for the multipart framing.
  maxBodyBytes: 10 * 1024 * 1024 + 64 * 1024,
  response: { status: 201, description: 'The stored document', schema: senderFileSchema },
});

export const getSenderFileContentOperation = defineOperation({
  id: 'getSenderFileContent',
  method: 'GET',
  path: '/api/v2/senders/{senderId}/files/{fileId}/content',
  summary: 'Download a proof document',
  description:
    'The bytes as uploaded, with `Content-Type` (detected from the content on upload), `Content-Disposition: attachment` and `Repr-Digest: sha-256=:…:`.',
  tags: ['Senders'],
  entitlement: 'payouts',
  params: senderFileParams,
  response: {
    kind: 'file',
    status: 200,
    description: 'The file',
    contentTypes: ['application/pdf', 'image/png', 'image/jpeg'],
  },
});

export const listBeneficiariesOperation = defineOperation({
  id: 'listBeneficiaries',
  method: 'GET',
  path: '/api/v2/beneficiaries',
  summary: "The organization's beneficiaries",
  description:
    'Newest first. IBANs and account numbers are never returned, only their last four characters. `client_reference` finds the beneficiary carrying your own reference; `q` searches names and references.',
  tags: ['Beneficiaries'],
  entitlement: 'payouts',
  query: beneficiaryListQuery,
  response: {
    status: 200,
    description: 'A page of beneficiaries',
    schema: listEnvelopeSchema(beneficiarySchema),
  },
});

/** The beneficiaries export's columns, in order: promised stable (new ones are only ever appended). */
export const BENEFICIARY_EXPORT_COLUMNS = [
  'beneficiary_id',
  'client_reference',
  'name',
  'type',
  'status',
  'sender_profile_id',
  'sender_legal_name',
  'sender_client_reference',
  'currency',
  'bank_country',
  'bank_name',
  'iban_last4',
  'account_number_last4',
  'swift_bic',
  'routing_code_type',
  'routing_code',
  ...ADDRESS_AND_CONTACT_FIELDS,
  'rejection_reason',
  'created_at',
  'updated_at',
] as const;

export const exportBeneficiariesOperation = defineOperation({
  id: 'exportBeneficiaries',
  method: 'GET',
  path: '/api/v2/beneficiaries/export',
  summary: 'The beneficiaries as CSV',
  description: `One row per beneficiary (the filters as on the list), oldest first, streamed (any size). Stable columns: ${BENEFICIARY_EXPORT_COLUMNS.map((c) => `\`${c}\``).join(', ')}. IBANs and account numbers appear only as their last four characters; timestamps ISO 8601 UTC, empty cells for nulls; RFC 4180 quoting, and text a spreadsheet would run as a formula starts with \`'\`.

Limits: at most ${DEFAULT_HEAVY_CONCURRENCY_PER_ORG} of these run at once per organization on each server instance (and ${DEFAULT_EXPORT_CONCURRENCY_TOTAL} exports of all organizations together); others get 429 with \`Retry-After\`. The rows are read a part at a time and sent as the client reads them: a client that takes nothing for ${DEFAULT_STREAM_WRITE_TIMEOUT_SECONDS} seconds has the stream aborted. (Defaults; a deployment may set its own.) The file lists the beneficiaries that existed when the export started, each as it is when its part of the file is read.`,
  tags: ['Beneficiaries'],
  entitlement: 'payouts',
  query: beneficiaryExportQuery,
  heavy: { name: 'beneficiary exports', export: true },
  response: { kind: 'file', status: 200, description: 'The CSV', contentTypes: ['text/csv'] },
});

export const createBeneficiaryOperation = defineOperation({
  id: 'createBeneficiary',
  method: 'POST',
  path: '/api/v2/beneficiaries',
  summary: 'Register a beneficiary under one of your senders',
  description:
    'Creates the beneficiary in `draft`. The bank fields it needs depend on `currency` and the bank country (`GET /api/v2/beneficiaries/requirements`); every failing field is reported at once (422). An unknown `sender_profile_id` or an unsupported corridor is a 400 naming the field; a `client_reference` another beneficiary of the organization holds is 409 `client_reference_exists`.',
  tags: ['Beneficiaries'],
  entitlement: 'payouts',
  body: createBeneficiaryBody,
  errors: ['not_found', 'unsupported_corridor', 'client_reference_exists'],
  response: { status: 201, description: 'The new beneficiary', schema: beneficiarySchema },
});

export const getBeneficiaryRequirementsOperation = defineOperation({
  id: 'getBeneficiaryRequirements',
  method: 'GET',
  path: '/api/v2/beneficiaries/requirements',
  summary: 'The fields a beneficiary needs for a currency and bank country',
  description:
    'Each field with its label, whether it is required, its format (a pattern or a named rule such as `iban` or `aba`), an example and allowed values: the same rules create, update and validate apply. An unsupported corridor is a 400 saying which currencies that country can receive.',
  tags: ['Beneficiaries'],
  entitlement: 'payouts',
  query: requirementsQuery,
  errors: ['unsupported_corridor'],
  response: { status: 200, description: 'The corridor requirements', schema: requirementsSchema },
});

export const validateBeneficiaryOperation = defineOperation({
  id: 'validateBeneficiary',
  method: 'POST',
  path: '/api/v2/beneficiaries/validate',
  summary: 'Check a beneficiary without storing it',
  description:
    'Answers 200 with `valid` and every failing field at once (the same checks as create); nothing is stored. An unsupported corridor is a 400.',
  tags: ['Beneficiaries'],
  entitlement: 'payouts',
  body: validateBeneficiaryBody,
  idempotent: false,
  errors: ['unsupported_corridor'],
  response: { status: 200, description: 'The result', schema: beneficiaryValidationSchema },
});

export const getBeneficiaryOperation = defineOperation({
  id: 'getBeneficiary',
  method: 'GET',
  path: '/api/v2/beneficiaries/{beneficiaryId}',
  summary: 'One beneficiary',
  tags: ['Beneficiaries'],
  entitlement: 'payouts',
  params: beneficiaryParams,
  response: { status: 200, description: 'The beneficiary', schema: beneficiarySchema },
});

export const updateBeneficiaryOperation = defineOperation({
  id: 'updateBeneficiary',
  method: 'PATCH',
  path: '/api/v2/beneficiaries/{beneficiaryId}',
  summary: 'Edit a beneficiary',
  description:
    'Allowed in `draft`, `rejected` and `ready`; 409 while `in_review` (except an edit of `client_reference` alone, which is no part of the review). A `ready` beneficiary whose name, address or bank details change goes back to `in_review`; orders already confirmed keep the details they were confirmed with. Such a change also outdates every draft batch that pays it (`batch.review_outdated`), and whoever made it becomes one of those drafts’ `makers`.',
  tags: ['Beneficiaries'],
  entitlement: 'payouts',
  params: beneficiaryParams,
  body: updateBeneficiaryBody,
  errors: ['unsupported_corridor', 'invalid_state', 'client_reference_exists'],
  response: { status: 200, description: 'The beneficiary after the edit', schema: beneficiarySchema },
});

export const submitBeneficiaryOperation = defineOperation({
  id: 'submitBeneficiary',
  method: 'POST',
  path: '/api/v2/beneficiaries/{beneficiaryId}/submit',
  summary: 'Submit a beneficiary for review',
  description: `From \`draft\` or \`rejected\` to \`in_review\`; 409 otherwise. ${REVIEW_NOTE} Events: \`beneficiary.submitted\`, then \`beneficiary.ready\` or \`beneficiary.rejected\`.`,
  tags: ['Beneficiaries'],
  entitlement: 'payouts',
  params: beneficiaryParams,
  errors: ['invalid_state'],
  response: { status: 200, description: 'The beneficiary, now in review', schema: beneficiarySchema },
});

export const profileOperations = [
  listSendersOperation,
  createSenderOperation,
  getSenderOperation,
  updateSenderOperation,
  submitSenderOperation,
  listSenderFilesOperation,
  uploadSenderFileOperation,
  getSenderFileContentOperation,
  listBeneficiariesOperation,
  exportBeneficiariesOperation,
  createBeneficiaryOperation,
  getBeneficiaryRequirementsOperation,
  validateBeneficiaryOperation,
  getBeneficiaryOperation,
  updateBeneficiaryOperation,
  submitBeneficiaryOperation,
];
