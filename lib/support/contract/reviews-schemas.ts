// Owns the wire shapes of the support console's KYC/KYB review queue (kept apart from lib/support/contract/schemas, which the
// portal's view banner loads on every page).
import { z } from 'zod';
import { paginationQuery } from '@/lib/platform/pagination';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';

// --- KYC/KYB review queue (support): profiles in review, their details unmasked for staff, and the decision. ---

export const PROFILE_KINDS = ['sender', 'beneficiary'] as const;

export const reviewQueueQuery = paginationQuery.extend({
  kind: z
    .enum(PROFILE_KINDS, { error: 'must be sender or beneficiary' })
    .optional()
    .meta({ description: 'Only senders or only beneficiaries' }),
});

export const reviewQueueItemSchema = z
  .object({
    kind: z.enum(PROFILE_KINDS),
    id: idSchema,
    org_id: idSchema,
    org_name: z.string(),
    name: z.string(),
    type: z.string(),
    country: z.string(),
    submitted_at: timestampSchema.nullable(),
    screening_note: z
      .string()
      .nullable()
      .meta({ description: "The KYC adapter's note for staff; null while the screening has not run" }),
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
  at: timestampSchema,
  note: z.string().nullable(),
});

export const reviewProfileSchema = z
  .object({
    kind: z.enum(PROFILE_KINDS),
    id: idSchema,
    org_id: idSchema,
    org_name: z.string(),
    name: z.string(),
    status: z.string(),
    rejection_reason: z.string().nullable(),
    submitted_at: timestampSchema.nullable(),
    reviewed_at: timestampSchema.nullable(),
    review_source: z.string().nullable(),
    screening_note: z.string().nullable(),
    fields: z.array(z.object({ name: z.string(), value: z.string() })).meta({
      description:
        "Every field as entered while the profile is in review (or inside a view of its organization). Otherwise IBAN, account and ID numbers are masked to their last four, and an individual's date of birth, street address, postal code, phone (last two digits) and email (domain only) are masked too",
    }),
    details_masked: z.boolean().meta({
      description:
        "Whether the numbers and an individual's personal details are masked and the documents withheld: the profile is not in review and no view of its organization is open",
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

export const reviewFileParams = z.object({ fileId: idSchema });
export const reviewFileQuery = z.object({
  disposition: z
    .enum(['inline', 'attachment'])
    .default('attachment')
    .meta({ description: 'inline to show the document in the browser, attachment to download it' }),
});
