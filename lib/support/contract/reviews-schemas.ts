// Owns the wire shapes of the support console's KYC/KYB review queue (kept apart from lib/support/contract/schemas, which the
// portal's view banner loads on every page).
import { z } from 'zod';
import { paginationQuery } from '@/lib/platform/pagination';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';

// --- KYC/KYB review queue (support): profiles in review, their details unmasked for staff, and the decision. ---

export const PROFILE_KINDS = ['sender', 'beneficiary'] as const;

/** Whose move it is: staff's (`in_review`) or the client's (`action_required`: a reviewer asked for more). */
export const REVIEW_WAITING_FOR = ['staff', 'client'] as const;

export const reviewQueueQuery = paginationQuery.extend({
  kind: z
    .enum(PROFILE_KINDS, { error: 'must be sender or beneficiary' })
    .optional()
    .meta({ description: 'Only senders or only beneficiaries' }),
  waiting_for: z
    .enum([...REVIEW_WAITING_FOR, 'all'], { error: 'must be staff, client or all' })
    .default('staff')
    .meta({
      description:
        '`staff` (default): profiles in review, waiting for a decision; `client`: profiles whose reviewer asked for more information (`action_required`), waiting for the client to answer and submit again; `all`: both',
    }),
});

const requestedInformation = z.object({
  question: z.string(),
  fields: z.array(z.string()),
  asked_at: timestampSchema,
});

/** What names a profile under review wherever staff see it: its kind and id, its organization, its name. */
const reviewedProfileFields = {
  kind: z.enum(PROFILE_KINDS),
  id: idSchema,
  org_id: idSchema,
  org_name: z.string(),
  name: z.string(),
};

export const reviewQueueItemSchema = z
  .object({
    ...reviewedProfileFields,
    type: z.string(),
    country: z.string(),
    submitted_at: timestampSchema.nullable(),
    screening_note: z
      .string()
      .nullable()
      .meta({ description: "The KYC adapter's note for staff; null while the screening has not run" }),
    status: z.enum(['in_review', 'action_required']),
    waiting_for: z.enum(REVIEW_WAITING_FOR).meta({
      description: '`staff` while in review; `client` while the reviewer waits for the answer to a question',
    }),
    requested_information: requestedInformation
      .nullable()
      .meta({ description: 'The open question to the client (`action_required`); null otherwise' }),
  })
  .meta({ id: 'ReviewQueueItem' });

export const reviewProfileParams = z.object({ kind: z.enum(PROFILE_KINDS), profileId: idSchema });

export const reviewFileSchema = z.object({
  id: idSchema,
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_at: timestampSchema,
});

export const reviewHistorySchema = z.object({
  type: z.string(),
  actor_type: z.string(),
  actor_name: z
    .string()
    .nullable()
    .meta({ description: 'The staff member who acted (staff entries); null for the client and the system' }),
  at: timestampSchema,
  note: z.string().nullable().meta({
    description:
      "Why: the screening note, the rejection reason, the approval's rationale, the question asked, or the correction's reason with the fields it changed",
  }),
});

export const reviewProfileSchema = z
  .object({
    ...reviewedProfileFields,
    status: z.string(),
    rejection_reason: z.string().nullable(),
    submitted_at: timestampSchema.nullable(),
    reviewed_at: timestampSchema.nullable(),
    review_source: z.string().nullable(),
    screening_note: z.string().nullable(),
    fields: z.array(z.object({ name: z.string(), value: z.string() })).meta({
      description:
        "Every field as entered while the profile is under review, `in_review` or `action_required` (or inside a view of its organization). Otherwise IBAN, account and ID numbers are masked to their last four, and an individual's date of birth, street address, postal code, phone (last two digits) and email (domain only) are masked too",
    }),
    details_masked: z.boolean().meta({
      description:
        "Whether the numbers and an individual's personal details are masked and the documents withheld: the profile is not under review (`in_review` or `action_required`) and no view of its organization is open",
    }),
    requested_information: requestedInformation
      .nullable()
      .meta({ description: 'The open question to the client while `action_required`; null otherwise' }),
    details: z.record(z.string(), z.string().nullable()).nullable().meta({
      description:
        'Every field by its API name, as the client entered it (what a correction changes); null while the details are masked',
    }),
    requestable_fields: z.array(z.string()).meta({
      description: 'The field names a request for information may point at (a sender also `documents`)',
    }),
    corrected_by: z.array(z.object({ user_id: idSchema, name: z.string() })).meta({
      description:
        'Staff who corrected the details during this review: makers of it, who may not approve or reject it (four eyes)',
    }),
    sender: z.object({ id: idSchema, name: z.string(), status: z.string() }).nullable(),
    files: z.array(reviewFileSchema).meta({
      description: "The sender's uploaded proof documents: while the sender is in review, or inside a view",
    }),
    history: z.array(reviewHistorySchema),
  })
  .meta({ id: 'ReviewProfile' });

export const reviewDecisionBody = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z
      .string({ error: 'is required: give the reason for the decision (at least 3 characters)' })
      .trim()
      .min(3, 'give the reason for the decision (at least 3 characters)')
      .max(500)
      .meta({
        description:
          'Required for both decisions. Rejecting: shown to the client on the profile. Approving: why the screening hit is cleared, kept in the review history for staff and never shown to the client',
      }),
  })
  .meta({ id: 'ReviewDecision' });

const FIELD_NAME = z.string().min(1).max(64);

export const reviewInformationRequestBody = z
  .object({
    question: z
      .string({ error: 'is required: ask the client a question' })
      .trim()
      .min(1, 'is required: ask the client a question')
      .max(1000)
      .meta({ description: 'Shown to the client as written, on the profile and in the public event' }),
    fields: z.array(FIELD_NAME).max(40).default([]).meta({
      description:
        "Names of the profile's fields the question is about (see `requestable_fields`); the portal highlights them. May be empty",
    }),
  })
  .strict()
  .meta({ id: 'ReviewInformationRequest' });

export const reviewCorrectionBody = z
  .object({
    changes: z
      .record(FIELD_NAME, z.string().max(500).nullable())
      .refine((changes) => Object.keys(changes).length > 0, 'name at least one field to correct')
      .meta({
        description:
          "Field names to their corrected values, as the client's PATCH takes them (`null` clears an optional field). The profile as it results must pass the same rules",
      }),
    reason: z
      .string({ error: 'is required: say why the details are corrected (at least 3 characters)' })
      .trim()
      .min(3, 'say why the details are corrected (at least 3 characters)')
      .max(500)
      .meta({ description: 'Why: kept in the review history and the audit log, for staff only' }),
  })
  .strict()
  .meta({ id: 'ReviewCorrection' });

export const reviewFileParams = z.object({ fileId: idSchema });
export const reviewFileQuery = z.object({
  disposition: z
    .enum(['inline', 'attachment'])
    .default('attachment')
    .meta({ description: 'inline to show the document in the browser, attachment to download it' }),
});
