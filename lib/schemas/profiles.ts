// Owns the wire shapes of senders, beneficiaries, their requirements and their files (payouts envelope). The rules
// themselves live in lib/profiles (validate-sender, validate-beneficiary), shared with the portal's forms.
import { z } from 'zod';
import { ID_DOCUMENT_TYPES, PROFILE_STATUSES, PROFILE_TYPES, ROUTING_CODE_TYPES } from '@/lib/enums/profiles';
import { paginationQuery } from '@/lib/pagination';
import { validateBeneficiary } from '@/lib/profiles/validate-beneficiary';
import { validateSender } from '@/lib/profiles/validate-sender';
import { idSchema, timestampSchema } from './common';

export const profileStatusSchema = z.enum(PROFILE_STATUSES).meta({
  id: 'ProfileStatus',
  description:
    '`draft` → `in_review` (submitted) → `ready` (may be used by orders) or `rejected` (see `rejection_reason`; correct and resubmit)',
});

/** A text input: the rules (required per type, formats, checksums) are applied together so every error shows at once. */
const text = (description: string, example?: string) =>
  z
    .string()
    .max(500)
    .nullable()
    .optional()
    .meta({ description, ...(example ? { example } : {}) });

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

const reviewFields = {
  status: profileStatusSchema,
  rejection_reason: z
    .string()
    .nullable()
    .meta({ description: 'Why the review rejected the profile; null unless `rejected`. Safe to display.' }),
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
    contact_phone: z.string().nullable(),
    client_reference: clientReferenceField,
    ...reviewFields,
  })
  .meta({ id: 'Sender' });

const senderInputShape = {
  type: text('`company` or `individual` (required)', 'company'),
  legal_name: text(
    'Registered name of the company, or the full name of the individual (required)',
    'Acme Trading Ltd',
  ),
  registration_number: text('Company registration number (required for a company)', '09876543'),
  date_of_birth: text('YYYY-MM-DD (required for an individual, who must be an adult)', '1984-07-19'),
  id_document_type: text(`One of ${ID_DOCUMENT_TYPES.join(', ')} (required for an individual)`, 'passport'),
  id_document_number: text(
    'As printed on the document (required for an individual); stored encrypted',
    '533401372',
  ),
  country: text('Country of incorporation or residence, ISO 3166-1 alpha-2 (required)', 'GB'),
  address_line1: text('Street address (required)', '25 Old Broad Street'),
  address_line2: text('More address'),
  city: text('City (required)', 'London'),
  postal_code: text('Postal code (required where the country uses them)', 'EC2N 1HN'),
  region: text('State, province or region'),
  contact_email: text('Where compliance questions go (required)', 'treasury@acme.example'),
  contact_phone: text('International format', '+442071234567'),
  client_reference: clientReferenceInput,
};

export const createSenderBody = z.object(senderInputShape).strict().meta({ id: 'CreateSenderRequest' });
export const updateSenderBody = z.object(senderInputShape).strict().meta({
  id: 'UpdateSenderRequest',
  description:
    'Only the fields sent change; `null` clears an optional field. Allowed in `draft`, `rejected` and `ready` (a `ready` sender whose identity changes goes back to `in_review`), never while `in_review`.',
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

const beneficiaryInputShape = {
  type: text('`company` or `individual` (required)', 'company'),
  name: text('Account holder name as the bank knows it (required)', 'Rhein Logistik GmbH'),
  country: text('Country of residence, ISO 3166-1 alpha-2 (required)', 'DE'),
  address_line1: text('Street address (required)', 'Friedrichstraße 100'),
  address_line2: text('More address'),
  city: text('City (required)', 'Berlin'),
  postal_code: text('Postal code (required where the country uses them)', '10117'),
  region: text('State or province (required in US, CA, AU)'),
  contact_email: text('Remittance advice email'),
  currency: text('ISO 4217 currency the beneficiary is paid in (required)', 'EUR'),
  bank_country: text('Country where the account is held (default: `country`)', 'DE'),
  bank_name: text('Name of the bank (required)', 'Commerzbank AG'),
  iban: text('IBAN, for IBAN countries (see the requirements); stored encrypted', 'DE89370400440532013000'),
  swift_bic: text('SWIFT/BIC of the bank', 'COBADEFFXXX'),
  account_number: text('Account number, where no IBAN is used; stored encrypted'),
  routing_code: text('Domestic routing code where the country uses one (see the requirements)'),
  client_reference: clientReferenceInput,
};

export const createBeneficiaryBody = z
  .object({
    sender_profile_id: idSchema.meta({ description: "The beneficiary's own sender (required)" }),
    ...beneficiaryInputShape,
  })
  .strict()
  .meta({
    id: 'CreateBeneficiaryRequest',
    description:
      'Which fields are required, and their formats, depend on `currency` and the bank country: see `GET /api/v2/beneficiaries/requirements`. Every failing field is reported at once.',
  });

export const updateBeneficiaryBody = z.object(beneficiaryInputShape).strict().meta({
  id: 'UpdateBeneficiaryRequest',
  description:
    'Only the fields sent change; `null` clears an optional field. Bank details are re-validated as a whole. A `ready` beneficiary whose name, address or bank details change goes back to `in_review` (confirmed orders keep what they were confirmed with).',
});

export const validateBeneficiaryBody = z
  .object({ sender_profile_id: idSchema.optional(), ...beneficiaryInputShape })
  .strict()
  .meta({ id: 'ValidateBeneficiaryRequest' });

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
export type CreateSenderInput = z.output<typeof createSenderBody>;
export type CreateBeneficiaryInput = z.output<typeof createBeneficiaryBody>;

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

export const senderFormSchema = withRules(createSenderBody, (value) => validateSender(value).issues);

export const beneficiaryFormSchema = withRules(
  createBeneficiaryBody,
  (value) => validateBeneficiary(value).issues,
);
