// Owns the declarations of the payouts desk's payment files (operations build a pain.001 or CSV of orders to pay,
// download it, mark it sent or cancel it) and of the bank's reports applied from them (pain.002, camt.054, CSV).
import { defineOperation } from '@/lib/platform/operations/operation';
import {
  buildPaymentFileBody,
  MAX_PAYMENT_REPORT_BYTES,
  paymentFileListSchema,
  paymentFileParams,
  paymentFileSchema,
  paymentReportParams,
  paymentReportSchema,
} from './payment-file-schemas';

const TAGS = ['Operations desk'];
const STAFF_READ =
  'Recorded as a staff read in the access log of each organization whose payees the file holds (it carries their bank details in clear).';

export const buildPaymentFileOperation = defineOperation({
  id: 'buildPaymentFile',
  method: 'POST',
  path: '/api/v2/support/desk/payment-files',
  summary: 'Build a payment file of orders to pay (operations)',
  description: `One file for \`DEPOSIT_RECEIVED\` orders of one currency, paid from the currency's active payout account (the debtor): ISO 20022 \`pain.001.001.09\` when every payee has an IBAN, a CSV otherwise. One transaction per order: \`EndToEndId\` is the order id as 32 hex, \`MsgId\` the file id, \`PmtInfId\` the file id and a group number (one group per charge bearer: \`SLEV\` for SEPA EUR, \`DEBT\` for OUR, \`SHAR\` for SHA), amounts with the currency's ISO 4217 fraction digits, \`NbOfTxs\` and \`CtrlSum\` per group and file, the client's reference as remittance. Each transaction's UETR is fixed now and becomes the order's \`tracking_reference\` when the file is marked sent. An order is in at most one file that is not cancelled (409 \`invalid_state\`, also for an order that is not \`DEPOSIT_RECEIVED\`); orders of several currencies are 422; a currency without an active payout account is 409 \`payout_account_missing\`. ${STAFF_READ}`,
  tags: TAGS,
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  body: buildPaymentFileBody,
  maxBodyBytes: 512 * 1024,
  heavy: { name: 'Payment files' },
  errors: ['forbidden', 'invalid_state', 'payout_account_missing'],
  response: { status: 201, description: 'The file (status `built`)', schema: paymentFileSchema },
});

export const listPaymentFilesOperation = defineOperation({
  id: 'listPaymentFiles',
  method: 'GET',
  path: '/api/v2/support/desk/payment-files',
  summary: 'The latest payment files, newest first (operations)',
  tags: TAGS,
  audience: 'staff',
  staffRoles: ['operations'],
  response: { status: 200, description: 'At most the 50 latest files', schema: paymentFileListSchema },
});

export const downloadPaymentFileOperation = defineOperation({
  id: 'downloadPaymentFile',
  method: 'GET',
  path: '/api/v2/support/desk/payment-files/{fileId}/content',
  summary: 'Download a payment file as built (operations; a staff read)',
  description: `The bytes as built (\`application/xml\` or \`text/csv\`), with \`Repr-Digest: sha-256=:…:\` matching the file's \`sha256\`. ${STAFF_READ}`,
  tags: TAGS,
  audience: 'staff',
  staffRoles: ['operations'],
  params: paymentFileParams,
  response: {
    kind: 'file',
    status: 200,
    description: 'The pain.001 or CSV',
    contentTypes: ['application/xml', 'text/csv'],
  },
});

export const markPaymentFileSentOperation = defineOperation({
  id: 'markPaymentFileSent',
  method: 'POST',
  path: '/api/v2/support/desk/payment-files/{fileId}/sent',
  summary: 'Mark a payment file sent to the bank (operations)',
  description:
    "Every order of the file moves `DEPOSIT_RECEIVED` → `PAYING_BENEFICIARY` as `markOrdersSent` moves them, with the UETR its transaction carries as `tracking_reference` and the file's debtor as payout account; all or nothing. Only a `built` file (409 `invalid_state`; also when one of its orders is no longer `DEPOSIT_RECEIVED`). Whoever marks it sent cannot apply its outcomes (four eyes).",
  tags: TAGS,
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  params: paymentFileParams,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 200, description: 'The file (status `sent`)', schema: paymentFileSchema },
});

export const cancelPaymentFileOperation = defineOperation({
  id: 'cancelPaymentFile',
  method: 'POST',
  path: '/api/v2/support/desk/payment-files/{fileId}/cancel',
  summary: 'Cancel a payment file before it is sent (operations)',
  description:
    'Its orders stay `DEPOSIT_RECEIVED` and may go into another file. Only a `built` file (409 `invalid_state`).',
  tags: TAGS,
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  params: paymentFileParams,
  errors: ['forbidden', 'invalid_state'],
  response: { status: 200, description: 'The file (status `cancelled`)', schema: paymentFileSchema },
});

export const applyPaymentReportOperation = defineOperation({
  id: 'applyPaymentReport',
  method: 'POST',
  path: '/api/v2/support/desk/payment-reports',
  summary: "Apply the bank's report: pain.002, camt.054 or CSV (operations, four eyes)",
  description: `A \`multipart/form-data\` body with one part \`file\`: an ISO 20022 \`pain.002.001.10\` status report, a \`camt.054.001.08\` debit notification, or a CSV \`order_id,outcome,bank_reference,reason\` (outcome \`paid\`, \`failed\` or \`pending\`), recognised by its content. Entries match on \`EndToEndId\` (the order id as 32 hex). \`ACSC\`/\`ACCC\` and a booked debit entry → \`COMPLETED\` (\`AcctSvcrRef\` as \`bank_reference\`); \`RJCT\` → \`FAILED\` (\`StsRsnInf/Rsn/Cd\` and its text as \`failure_message\`); \`ACTC\`, \`ACCP\`, \`ACSP\`, \`ACWC\`, \`PDNG\` and pending entries are recorded without a transition; a group status (\`GrpSts\`, \`PmtInfSts\`) covers the file's or group's orders without their own. Every outcome runs the order lifecycle (events, webhooks, ledger, receipts). Entries for no order in flight, with an unknown status, or for an order already final are listed, never guessed. The same file again (same SHA-256) answers \`already_applied: true\` and changes nothing. A file that cannot be read is 400 \`invalid_report\`, nothing stored. Four eyes: whoever built the file or marked its orders sent is refused (403 \`second_person_required\`), nothing stored.`,
  tags: TAGS,
  audience: 'staff',
  staffRoles: ['operations'],
  idempotent: false,
  bodyKind: 'multipart',
  files: {
    file: {
      description: 'The report, at most 8 MiB',
      contentTypes: ['application/xml', 'text/xml', 'text/csv'],
    },
  },
  heavy: { name: 'Payment reports' },
  maxBodyBytes: MAX_PAYMENT_REPORT_BYTES + 64 * 1024,
  errors: ['forbidden', 'second_person_required', 'invalid_report'],
  response: { status: 200, description: 'What the report did', schema: paymentReportSchema },
});

export const getPaymentReportOperation = defineOperation({
  id: 'getPaymentReport',
  method: 'GET',
  path: '/api/v2/support/desk/payment-reports/{reportId}',
  summary: 'What an applied report did, its unmatched entries included (operations)',
  tags: TAGS,
  audience: 'staff',
  staffRoles: ['operations'],
  params: paymentReportParams,
  response: { status: 200, description: 'The report', schema: paymentReportSchema },
});

export const paymentFileOperations = [
  buildPaymentFileOperation,
  listPaymentFilesOperation,
  downloadPaymentFileOperation,
  markPaymentFileSentOperation,
  cancelPaymentFileOperation,
  applyPaymentReportOperation,
  getPaymentReportOperation,
];
