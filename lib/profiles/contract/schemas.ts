// Owns the wire shapes of senders, beneficiaries, their requirements and their files (payouts envelope). The rules
// themselves live in lib/profiles (validate-sender, validate-beneficiary), shared with the portal's forms.
import { z } from 'zod';
import { FIAT_CURRENCIES } from '@/lib/platform/money/facts';
import { paginationQuery } from '@/lib/platform/pagination';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';
import { COUNTRIES_WITHOUT_POSTCODES, COUNTRY_CODES } from '@/lib/profiles/contract/countries';
import {
  ID_DOCUMENT_TYPES,
  PROFILE_STATUSES,
  PROFILE_TYPES,
  ROUTING_CODE_TYPES,
} from '@/lib/profiles/contract/enums';
import { SAMPLE_COMPANY_SENDER, SAMPLE_IBAN_BENEFICIARY } from '@/lib/profiles/contract/samples';
import { type BeneficiaryDraft, validateBeneficiary } from '@/lib/profiles/contract/validate-beneficiary';
import {
  PHONE_SEPARATORS,
  type SenderDraft,
  STORED_PHONE_PATTERN,
  validateSender,
} from '@/lib/profiles/contract/validate-sender';

export const profileStatusSchema = z.enum(PROFILE_STATUSES).meta({
  id: 'ProfileStatus',
  description:
    '`draft` → `in_review` (submitted) → `ready` (may be used by orders), `rejected` (see `rejection_reason`; correct and resubmit) or `action_required` (a reviewer asks for more: see `requested_information`; edit or upload, then submit again → `in_review`). Only `ready` profiles may be paid or pay.',
});

/**
 * A text input as the wire takes it: any string or null at the type level, so the service's own rules (required per
 * type, formats after trimming, checksums) judge it and every problem comes back at once. `rules` documents, in the
 * canonical form, what those rules accept: a value matching them is always accepted (the server also tolerates
 * surrounding spaces and lower case where it normalises).
 */
const text = (description: string, rules: Record<string, unknown> = {}) =>
  z
    .string()
    .max(500)
    .nullable()
    .optional()
    .meta({ description, ...withNull(rules) });

/** A nullable field's enum lists `null` too, or JSON Schema would refuse the `null` its type allows. */
function withNull(rules: Record<string, unknown>): Record<string, unknown> {
  return Array.isArray(rules.enum) && !rules.enum.includes(null)
    ? { ...rules, enum: [...rules.enum, null] }
    : rules;
}

/** A field made optional and nullable (a PATCH, a draft), keeping what it documents. */
function patchOf<T extends z.ZodType>(schema: T) {
  return schema
    .nullable()
    .optional()
    .meta(withNull(schema.meta() ?? {}));
}

/** A field the request must carry (the service's own rules still judge its content, all problems at once). */
const requiredText = (description: string, rules: Record<string, unknown> = {}) =>
  z
    .string()
    .max(500)
    .meta({ description, ...rules });

const EMAIL_RULES = { format: 'email', pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$', maxLength: 254 };
const NAME_PATTERN = "^[\\p{L}\\p{M}\\p{N} .,'&()/+-]+$";
const COUNTRY_RULES = { enum: [...COUNTRY_CODES] };

const clientReferenceField = z.string().nullable().meta({
  description:
    "Your own reference for the profile (for example your ERP's vendor id): unique per organization among profiles of this kind; null when unset",
  example: 'VEND-0042',
});

/** Set on create or edit; `null` (or an empty string) clears it. Surrounding spaces are dropped. */
const clientReferenceInput = z.string().max(100).nullable().optional().meta({
  description:
    'Your own reference for the profile, at most 100 characters, unique per organization among profiles of this kind (a duplicate is 409 `client_reference_exists`); `null` clears it. Changing it never sends a `ready` profile back to review, and an edit of it alone is allowed even `in_review`.',
  example: 'VEND-0042',
});

const clientReferenceFilter = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .meta({ description: 'Only the profile with exactly this `client_reference`', example: 'VEND-0042' });

/** The profile's fields the rules judge: the reference is the organization's bookkeeping, not an identity field. */
function withoutReference(value: object): Record<string, unknown> {
  const { client_reference: _reference, ...fields } = value as Record<string, unknown>;
  return fields;
}

export const requestedInformationSchema = z
  .object({
    question: z.string().meta({ description: "The reviewer's question, shown to the client as written" }),
    fields: z.array(z.string()).meta({
      description: 'Names of the profile fields the question is about (may be empty), e.g. `address_line1`',
    }),
    asked_at: timestampSchema,
  })
  .meta({ id: 'RequestedInformation' });

export const staffCorrectionSchema = z
  .object({
    corrected_by: z.literal('provider_staff').meta({
      description: "Always `provider_staff`: the provider's compliance staff, never a person's name",
    }),
    corrected_at: timestampSchema,
    changed_fields: z.array(z.string()).meta({ description: 'Names of the fields staff changed' }),
  })
  .meta({ id: 'StaffCorrection' });

const reviewFields = {
  status: profileStatusSchema,
  rejection_reason: z
    .string()
    .nullable()
    .meta({ description: 'Why the review rejected the profile; null unless `rejected`. Safe to display.' }),
  requested_information: requestedInformationSchema.nullable().meta({
    description:
      'What the reviewer asks for while the status is `action_required`; null otherwise. Answer by editing the profile (or, for a sender, uploading a document), then submit it again.',
  }),
  staff_correction: staffCorrectionSchema.nullable().meta({
    description:
      "The latest correction of the profile's details by the provider's staff (which fields, when); null if staff never corrected it.",
  }),
  submitted_at: timestampSchema.nullable(),
  reviewed_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
};

const addressFields = {
  country: z.string().meta({ description: 'ISO 3166-1 alpha-2', example: 'GB' }),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  region: z.string().nullable(),
};

export const senderSchema = z
  .object({
    id: idSchema,
    type: z.enum(PROFILE_TYPES),
    legal_name: z.string(),
    registration_number: z
      .string()
      .nullable()
      .meta({ description: 'Companies: the company registration number' }),
    date_of_birth: z.string().nullable().meta({ description: 'Individuals: YYYY-MM-DD' }),
    id_document_type: z.enum(ID_DOCUMENT_TYPES).nullable(),
    id_document_number_last4: z.string().nullable().meta({
      description: 'Last four characters of the ID document number (the number itself is never returned)',
    }),
    ...addressFields,
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable().meta({
      description: 'As stored: `+` and digits only (spaces, dashes and parentheses dropped); null when none',
      pattern: STORED_PHONE_PATTERN,
      example: '+442071234567',
    }),
    client_reference: clientReferenceField,
    ...reviewFields,
  })
  .meta({ id: 'Sender' });

const senderFieldRules = {
  legal_name: { maxLength: 140, pattern: NAME_PATTERN },
  registration_number: { maxLength: 40, pattern: '^[A-Za-z0-9][A-Za-z0-9 ./-]{1,39}$' },
  date_of_birth: { format: 'date' },
  id_document_type: { enum: [...ID_DOCUMENT_TYPES] },
  id_document_number: { pattern: '^[A-Z0-9]{5,20}$' },
  address_line: { maxLength: 70 },
  city: { maxLength: 35 },
  postal_code: { maxLength: 12, pattern: '^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$' },
  region: { maxLength: 35 },
  // What the server accepts as sent: blank (stored as null), or an international number in which spaces, dashes and
  // parentheses may appear anywhere (they are dropped: lib/profiles/contract/validate-sender.ts normalises before it judges).
  contact_phone: {
    maxLength: 500,
    pattern: `^(?:\\s*|${PHONE_SEPARATORS}*\\+${PHONE_SEPARATORS}*[1-9](?:${PHONE_SEPARATORS}*\\d){6,14}${PHONE_SEPARATORS}*)$`,
  },
};

const senderOptionalShape = {
  registration_number: text(
    'Company registration number (required for a company, not sent for an individual)',
    {
      ...senderFieldRules.registration_number,
      example: '09876543',
    },
  ),
  date_of_birth: text(
    'YYYY-MM-DD (required for an individual, who must be 18 or older; not sent for a company)',
    {
      ...senderFieldRules.date_of_birth,
      example: '1984-07-19',
    },
  ),
  id_document_type: text('Required for an individual; not sent for a company', {
    ...senderFieldRules.id_document_type,
    example: 'passport',
  }),
  id_document_number: text(
    'As printed on the document, letters and digits (spaces and dashes are dropped). Required for an individual; not sent for a company. Stored encrypted',
    { ...senderFieldRules.id_document_number, example: '533401372' },
  ),
  address_line2: text('More address', senderFieldRules.address_line),
  postal_code: text(
    `Postal code: required unless the country has none (${[...COUNTRIES_WITHOUT_POSTCODES].join(', ')})`,
    { ...senderFieldRules.postal_code, example: 'EC2N 1HN' },
  ),
  region: text('State, province or region', senderFieldRules.region),
  contact_phone: text(
    `International format: \`+\`, then 7 to 15 digits, the first not 0 (\`${STORED_PHONE_PATTERN}\` once spaces, dashes and parentheses are dropped, e.g. \`+44 20 7123 4567\` is stored as \`+442071234567\`). Blank (\`""\`) or \`null\` means none (stored as \`null\`)`,
    { ...senderFieldRules.contact_phone, example: '+442071234567' },
  ),
};

const senderRequiredShape = {
  type: requiredText('`company` or `individual`: decides which other fields are required', {
    enum: [...PROFILE_TYPES],
    example: 'company',
  }),
  legal_name: requiredText('Registered name of the company, or the full name of the individual', {
    ...senderFieldRules.legal_name,
    example: 'Acme Trading Ltd',
  }),
  country: requiredText('Country of incorporation or residence, ISO 3166-1 alpha-2', {
    ...COUNTRY_RULES,
    example: 'GB',
  }),
  address_line1: requiredText('Street address', {
    ...senderFieldRules.address_line,
    example: '25 Old Broad Street',
  }),
  city: requiredText('City', { ...senderFieldRules.city, example: 'London' }),
  contact_email: requiredText('Where compliance questions go', {
    ...EMAIL_RULES,
    example: 'treasury@acme.example',
  }),
};

/** The same fields, each optional and nullable (`null` clears an optional field): a PATCH. */
const senderPatchShape = Object.fromEntries(
  Object.entries({ ...senderRequiredShape, ...senderOptionalShape }).map(([name, schema]) => [
    name,
    patchOf(schema),
  ]),
) as { [K in keyof typeof senderRequiredShape | keyof typeof senderOptionalShape]: ReturnType<typeof text> };

/** What each type needs and refuses, for generators (the rules are the service's, applied in the refinement). */
const senderTypeVariants = {
  oneOf: [
    {
      title: 'Company',
      properties: {
        type: { const: 'company' },
        registration_number: { type: 'string', minLength: 1 },
        date_of_birth: { type: 'null' },
        id_document_type: { type: 'null' },
        id_document_number: { type: 'null' },
      },
      required: ['registration_number'],
    },
    {
      title: 'Individual',
      properties: {
        type: { const: 'individual' },
        registration_number: { type: 'null' },
        date_of_birth: { type: 'string', minLength: 1 },
        id_document_type: { type: 'string', minLength: 1 },
        id_document_number: { type: 'string', minLength: 1 },
      },
      required: ['date_of_birth', 'id_document_type', 'id_document_number'],
    },
  ],
};

/**
 * The service's rules, run inside the schema so a missing field and a malformed one come back in one 422. The age
 * of an individual is left to the service, which judges it on the server's clock.
 */
function senderRules() {
  return (value: unknown, ctx: z.RefinementCtx) => {
    if (!value || typeof value !== 'object') return;
    for (const issue of validateSender(withoutReference(value) as SenderDraft).issues) {
      if (issue.code === 'too_young') continue;
      ctx.addIssue({
        code: 'custom',
        path: [issue.field],
        message: issue.message,
        params: { code: issue.code },
      });
    }
  };
}

const ALWAYS = { when: () => true };

export const createSenderBody = z
  .object({ ...senderRequiredShape, ...senderOptionalShape, client_reference: clientReferenceInput })
  .strict()
  .superRefine(senderRules(), ALWAYS)
  .meta({
    id: 'CreateSenderRequest',
    description:
      'A company needs `registration_number`; an individual needs `date_of_birth` (18 or older), `id_document_type` and `id_document_number`; fields of the other type are refused (`not_used`). `postal_code` is required unless the country has none. Every failing field is reported at once.',
    ...senderTypeVariants,
    example: { ...SAMPLE_COMPANY_SENDER, contact_phone: '+442071234567' },
  });
export const updateSenderBody = z
  .object({ ...senderPatchShape, client_reference: clientReferenceInput })
  .strict()
  // No refinement here: the service judges the sender as it results, so every problem (including one the patch
  // creates elsewhere, such as clearing a required field) comes back in one 422.
  .meta({
    id: 'UpdateSenderRequest',
    description:
      'Only the fields sent change; `null` clears an optional field. The sender as it results must satisfy `CreateSenderRequest` (the fields its type needs, none of the other type’s). Allowed in `draft`, `rejected` and `ready` (a `ready` sender whose identity changes goes back to `in_review`), never while `in_review` (409).',
    example: { address_line1: '1 Bishopsgate', postal_code: 'EC2N 4AJ', contact_phone: '+442071234568' },
  });

export const senderListQuery = paginationQuery.extend({
  status: profileStatusSchema.optional().meta({ description: 'Only senders in this status' }),
  client_reference: clientReferenceFilter,
});

export const beneficiarySchema = z
  .object({
    id: idSchema,
    sender_profile_id: idSchema.meta({
      description: "The beneficiary's own sender: only it may pay this beneficiary",
    }),
    type: z.enum(PROFILE_TYPES),
    name: z.string().meta({ description: 'Account holder name' }),
    ...addressFields,
    contact_email: z.string().nullable(),
    currency: z.string().meta({ example: 'EUR' }),
    bank_country: z.string().meta({ description: 'Country where the account is held', example: 'DE' }),
    bank_name: z.string().nullable(),
    iban_last4: z
      .string()
      .nullable()
      .meta({ description: 'Last four characters of the IBAN (never returned in full)' }),
    swift_bic: z.string().nullable(),
    account_number_last4: z
      .string()
      .nullable()
      .meta({ description: 'Last four digits of the account number (never returned in full)' }),
    routing_code: z.string().nullable().meta({
      description: 'Domestic routing code (ABA, sort code, IFSC, CLABE, BSB, transit + institution)',
    }),
    routing_code_type: z.enum(ROUTING_CODE_TYPES).nullable(),
    client_reference: clientReferenceField,
    ...reviewFields,
  })
  .meta({ id: 'Beneficiary' });

const beneficiaryOptionalShape = {
  address_line2: text('More address', { maxLength: 70 }),
  postal_code: text('Postal code (required where the country uses them; its format is the country’s)', {
    maxLength: 12,
    example: '10117',
  }),
  region: text('State or province (required in US, CA, AU)', { maxLength: 35 }),
  contact_email: text('Remittance advice email', EMAIL_RULES),
  bank_country: text('Country where the account is held (default: `country`)', {
    ...COUNTRY_RULES,
    example: 'DE',
  }),
  iban: text(
    'IBAN, for IBAN countries (see the requirements); spaces are dropped, checksum verified. Stored encrypted',
    { pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$', example: 'DE89370400440532013000' },
  ),
  swift_bic: text('SWIFT/BIC of the bank (its country must be the bank country)', {
    pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$',
    example: 'COBADEFFXXX',
  }),
  account_number: text('Account number, where no IBAN is used (see the requirements); stored encrypted', {
    maxLength: 34,
  }),
  routing_code: text('Domestic routing code where the country uses one (see the requirements)', {
    maxLength: 18,
  }),
};

const beneficiaryRequiredShape = {
  type: requiredText('`company` or `individual`', { enum: [...PROFILE_TYPES], example: 'company' }),
  name: requiredText('Account holder name as the bank knows it', {
    maxLength: 140,
    pattern: NAME_PATTERN,
    example: 'Rhein Logistik GmbH',
  }),
  country: requiredText('Country of residence, ISO 3166-1 alpha-2', { ...COUNTRY_RULES, example: 'DE' }),
  address_line1: requiredText('Street address', { maxLength: 70, example: 'Friedrichstraße 100' }),
  city: requiredText('City', { maxLength: 35, example: 'Berlin' }),
  currency: requiredText('ISO 4217 currency the beneficiary is paid in', {
    enum: [...FIAT_CURRENCIES],
    example: 'EUR',
  }),
  bank_name: requiredText('Name of the bank', { maxLength: 70, example: 'Commerzbank AG' }),
};

const beneficiaryPatchShape = Object.fromEntries(
  Object.entries({ ...beneficiaryRequiredShape, ...beneficiaryOptionalShape }).map(([name, schema]) => [
    name,
    patchOf(schema),
  ]),
) as {
  [K in keyof typeof beneficiaryRequiredShape | keyof typeof beneficiaryOptionalShape]: ReturnType<
    typeof text
  >;
};

/**
 * The corridor's rules, run inside the schema so every problem comes back in one 422. A corridor we do not pay is
 * the service's 400 `unsupported_corridor`, and then nothing else is judged here (as the service does).
 */
function beneficiaryRules() {
  return (value: unknown, ctx: z.RefinementCtx) => {
    if (!value || typeof value !== 'object') return;
    const result = validateBeneficiary(withoutReference(value) as BeneficiaryDraft);
    if (result.unsupportedCorridor) return;
    for (const issue of result.issues) {
      ctx.addIssue({
        code: 'custom',
        path: [issue.field],
        message: issue.message,
        params: { code: issue.code },
      });
    }
  };
}

const BENEFICIARY_EXAMPLE = SAMPLE_IBAN_BENEFICIARY;

const BENEFICIARY_RULES_PROSE =
  'Which other fields are required, and their formats, depend on `currency` and the bank country: see `GET /api/v2/beneficiaries/requirements`. A field the corridor does not use is refused (`not_used`). Every failing field is reported at once; a corridor we do not pay is a 400 `unsupported_corridor`.';

export const createBeneficiaryBody = z
  .object({
    sender_profile_id: idSchema.meta({ description: "The beneficiary's own sender" }),
    ...beneficiaryRequiredShape,
    ...beneficiaryOptionalShape,
    client_reference: clientReferenceInput,
  })
  .strict()
  .superRefine(beneficiaryRules(), ALWAYS)
  .meta({
    id: 'CreateBeneficiaryRequest',
    description: BENEFICIARY_RULES_PROSE,
    example: { sender_profile_id: '01933b9e-7c2a-7d10-9a4e-6f1b2c3d4e5f', ...BENEFICIARY_EXAMPLE },
  });

export const updateBeneficiaryBody = z
  .object({ ...beneficiaryPatchShape, client_reference: clientReferenceInput })
  .strict()
  // No refinement here: which formats apply depends on the corridor and residence of the stored beneficiary,
  // so the service judges the merged result.
  .meta({
    id: 'UpdateBeneficiaryRequest',
    description:
      'Only the fields sent change; `null` clears an optional field. Bank details are re-validated as a whole: the beneficiary as it results must satisfy its corridor (`CreateBeneficiaryRequest`). A `ready` beneficiary whose name, address or bank details change goes back to `in_review` (confirmed orders keep what they were confirmed with); never while `in_review` (409).',
    example: { address_line1: 'Unter den Linden 5', postal_code: '10117' },
  });

export const validateBeneficiaryBody = z
  .object({ sender_profile_id: idSchema.optional(), ...beneficiaryPatchShape })
  .strict()
  .meta({
    id: 'ValidateBeneficiaryRequest',
    description: `Any draft, complete or not: the answer lists every problem. ${BENEFICIARY_RULES_PROSE}`,
    example: BENEFICIARY_EXAMPLE,
  });

export const fieldErrorSchema = z
  .object({ field: z.string(), code: z.string(), message: z.string() })
  .meta({ id: 'FieldError' });

export const beneficiaryValidationSchema = z
  .object({
    valid: z.boolean(),
    errors: z.array(fieldErrorSchema).meta({ description: 'Every failing field; empty when valid' }),
  })
  .meta({ id: 'BeneficiaryValidation' });

export const beneficiaryListQuery = paginationQuery.extend({
  sender_profile_id: idSchema.optional().meta({ description: 'Only beneficiaries of this sender' }),
  status: profileStatusSchema.optional().meta({ description: 'Only beneficiaries in this status' }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR')
    .optional()
    .meta({ description: 'Only beneficiaries paid in this currency' }),
  client_reference: clientReferenceFilter,
  q: z.string().trim().min(1).max(100).optional().meta({
    description: 'Only beneficiaries whose name or `client_reference` contains this text (case-insensitive)',
    example: 'rhein',
  }),
});

/** The export takes the list's filters, without paging (it streams every row). */
export const beneficiaryExportQuery = beneficiaryListQuery.omit({ limit: true, page: true });

export const requirementsQuery = z.object({
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as EUR')
    .meta({ example: 'EUR' }),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as DE')
    .meta({ description: 'Country where the account is held', example: 'DE' }),
  residence_country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as DE')
    .optional()
    .meta({ description: "The beneficiary's own country when it differs (address rules follow it)" }),
});

export const fieldRequirementSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    required: z.boolean(),
    pattern: z.string().nullable().meta({
      description:
        'A regular expression the value (without spaces or dashes, upper case, for bank fields) must match',
    }),
    rule: z.string().nullable().meta({
      description:
        'A named check: iban, bic, aba, sort_code, ifsc, clabe, bsb, ca_routing, email, country_code, one_of',
    }),
    example: z.string().nullable(),
    allowed_values: z.array(z.string()).nullable(),
    max_length: z.number().int(),
  })
  .meta({ id: 'FieldRequirement' });

export const requirementsSchema = z
  .object({
    currency: z.string(),
    country: z.string(),
    routing_code_type: z.enum(ROUTING_CODE_TYPES).nullable(),
    fields: z.array(fieldRequirementSchema),
  })
  .meta({ id: 'BeneficiaryRequirements' });

export const senderFileSchema = z
  .object({
    id: idSchema,
    sender_profile_id: idSchema,
    file_name: z.string(),
    mime_type: z.enum(['application/pdf', 'image/png', 'image/jpeg']),
    file_size: z.number().int(),
    hash_sha256: z.string().meta({ description: 'Lower-case hex SHA-256 of the content' }),
    created_at: timestampSchema,
  })
  .meta({ id: 'SenderFile' });

export const senderFileListSchema = z
  .object({ items: z.array(senderFileSchema) })
  .meta({ id: 'SenderFileList' });

export const senderParams = z.object({ senderId: idSchema });
export const senderFileParams = z.object({ senderId: idSchema, fileId: idSchema });
export const beneficiaryParams = z.object({ beneficiaryId: idSchema });

export type SenderWire = z.input<typeof senderSchema>;
export type BeneficiaryWire = z.input<typeof beneficiarySchema>;
export type SenderFileWire = z.input<typeof senderFileSchema>;

/**
 * The portal's forms: the API's body schemas plus the same rules the services apply (lib/profiles), so a field is
 * marked wrong in the browser exactly when the API would refuse it.
 */
function withRules<T extends z.ZodType>(
  schema: T,
  rules: (value: z.output<T>) => readonly { field: string; message: string }[],
) {
  return schema.superRefine((value, ctx) => {
    for (const issue of rules(value))
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });
}

// The forms hold drafts (any field may be empty or null while typed), so they start from the edit bodies (every
// field optional), derived rather than restated: a field the API gains (client_reference) is a field the form may
// send, never an "Unrecognized key". The rules judge what they judge on the server, without the reference.
export const senderFormSchema = withRules(
  updateSenderBody,
  (value) => validateSender(withoutReference(value) as SenderDraft).issues,
);

export const beneficiaryFormSchema = withRules(
  updateBeneficiaryBody.extend({ sender_profile_id: idSchema }),
  (value) => validateBeneficiary(withoutReference(value) as BeneficiaryDraft).issues,
);
