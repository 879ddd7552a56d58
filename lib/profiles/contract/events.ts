// Owns the event types of sender and beneficiary profiles and sender files. Public ones carry the profile's API shape
// (its status and, when rejected, `rejection_reason`: the why a client reads); internal ones keep the audit detail.
import { z } from 'zod';
import { defineEvents } from '@/lib/platform/events/define';
import { beneficiarySchema, senderFileSchema, senderSchema } from '@/lib/profiles/contract/schemas';

const updated = z.object({
  changed_fields: z
    .array(z.string())
    .meta({ description: 'Names only: values never leave their encrypted columns' }),
  status_before: z.string(),
  status_after: z.string(),
});

const referred = z.object({
  review_source: z.string(),
  screening_note: z.string().meta({ description: 'What the screening found; for staff only' }),
});

export const profileEvents = defineEvents({
  'sender.created': {
    resource: 'sender',
    visibility: 'internal',
    description: 'A sender profile was registered (as a draft).',
    data: senderSchema,
  },
  'sender.updated': {
    resource: 'sender',
    visibility: 'internal',
    description: 'A sender profile was edited; which fields changed, and whether it went back to review.',
    data: updated,
  },
  'sender.submitted': {
    resource: 'sender',
    visibility: 'public',
    description: 'A sender profile went into review (submitted, resubmitted, or edited while ready).',
    data: senderSchema,
  },
  'sender.referred': {
    resource: 'sender',
    visibility: 'internal',
    description: 'The KYC screening could not decide a sender; it waits for staff.',
    data: referred,
  },
  'sender.ready': {
    resource: 'sender',
    visibility: 'public',
    description: 'A sender profile passed review and can be used in payouts.',
    data: senderSchema,
  },
  'sender.rejected': {
    resource: 'sender',
    visibility: 'public',
    description: 'A sender profile was rejected; `rejection_reason` says why.',
    data: senderSchema,
  },
  'sender.action_required': {
    resource: 'sender',
    visibility: 'public',
    description:
      'A reviewer asked for more information about a sender profile: `requested_information` holds the question and the fields it is about. Edit the profile (or upload), then submit it again.',
    data: senderSchema,
  },
  'sender.file_uploaded': {
    resource: 'sender',
    visibility: 'internal',
    description: 'A proof document was uploaded against a sender.',
    data: senderFileSchema,
  },
  'beneficiary.created': {
    resource: 'beneficiary',
    visibility: 'internal',
    description: 'A beneficiary profile was registered (as a draft).',
    data: beneficiarySchema,
  },
  'beneficiary.updated': {
    resource: 'beneficiary',
    visibility: 'internal',
    description:
      'A beneficiary profile was edited; which fields changed, and whether it went back to review.',
    data: updated,
  },
  'beneficiary.submitted': {
    resource: 'beneficiary',
    visibility: 'public',
    description:
      'A beneficiary profile went into review (submitted, resubmitted, or its details changed while ready).',
    data: beneficiarySchema,
  },
  'beneficiary.referred': {
    resource: 'beneficiary',
    visibility: 'internal',
    description: 'The KYC screening could not decide a beneficiary; it waits for staff.',
    data: referred,
  },
  'beneficiary.ready': {
    resource: 'beneficiary',
    visibility: 'public',
    description: 'A beneficiary profile passed review and can be used in payouts.',
    data: beneficiarySchema,
  },
  'beneficiary.rejected': {
    resource: 'beneficiary',
    visibility: 'public',
    description: 'A beneficiary profile was rejected; `rejection_reason` says why.',
    data: beneficiarySchema,
  },
  'beneficiary.action_required': {
    resource: 'beneficiary',
    visibility: 'public',
    description:
      'A reviewer asked for more information about a beneficiary profile: `requested_information` holds the question and the fields it is about. Edit the profile (or upload), then submit it again.',
    data: beneficiarySchema,
  },
});
