// Owns the event types of the support console: "view as organization" starts, ends, expiries and the reads made
// during a view (audit only: support access is never a webhook).
import { z } from 'zod';
import { STAFF_ROLES } from '@/lib/platform/actor/roles';
import { defineEvents } from '@/lib/platform/events/define';

const view = { org_name: z.string(), reason: z.string() };
const staffRoles = z.array(z.enum(STAFF_ROLES));

export const supportEvents = defineEvents({
  'support_view.started': {
    resource: 'support_view',
    visibility: 'internal',
    description: 'A support user started a read-only view of the organization, giving a reason.',
    data: z.object({ ...view, expires_at: z.string() }),
  },
  'support_view.ended': {
    resource: 'support_view',
    visibility: 'internal',
    description: 'A support user ended their view (Exit, or sign-out).',
    data: z.object({ ...view, end_reason: z.enum(['exited', 'signed_out']) }),
  },
  'support_view.expired': {
    resource: 'support_view',
    visibility: 'internal',
    description: 'A view reached its time limit (views are never extended).',
    data: z.object(view),
  },
  'support_view.read': {
    resource: 'support_view',
    visibility: 'internal',
    description:
      'A request the support user made during a view: one event per API request (portal pages read the API), refused attempts to change included.',
    data: z.object({ method: z.string(), path: z.string(), operation: z.string(), status: z.number().int() }),
  },
  'support_review.details_viewed': {
    resource: 'support_review',
    visibility: 'internal',
    description:
      "A reviewer opened a profile's details unmasked (ID, IBAN and account numbers in full) in the support console.",
    data: z.object({ kind: z.enum(['sender', 'beneficiary']) }),
  },
  'support_review.cleared': {
    resource: 'support_review',
    visibility: 'internal',
    description:
      "A reviewer approved a profile in review, with the rationale for clearing its screening hit (staff only: the client's event is `<kind>.ready`).",
    data: z.object({ kind: z.enum(['sender', 'beneficiary']), rationale: z.string() }),
  },
  'support_review.corrected': {
    resource: 'support_review',
    visibility: 'internal',
    description:
      "A reviewer corrected a profile's details during its review, with why (the client reads which fields provider staff changed on the profile; the reviewer becomes a maker of the review and cannot decide it).",
    data: z.object({
      kind: z.enum(['sender', 'beneficiary']),
      changed_fields: z.array(z.string()),
      reason: z.string(),
    }),
  },
  'support_review.file_viewed': {
    resource: 'support_review',
    visibility: 'internal',
    description: "A reviewer opened or downloaded a sender's proof document in the support console.",
    data: z.object({ file_id: z.string(), disposition: z.enum(['inline', 'attachment']) }),
  },
  'support_email.resent': {
    resource: 'support_email',
    visibility: 'internal',
    description:
      'Staff sent a failed or unknown email again as a fresh copy (`resent_as`); an unknown one may then arrive twice.',
    data: z.object({ kind: z.string(), state: z.enum(['failed', 'unknown']), resent_as: z.string() }),
  },
  'support_email.resolved': {
    resource: 'support_email',
    visibility: 'internal',
    description:
      'Staff closed a failed or unknown email without sending it, with a note saying how it was resolved.',
    data: z.object({ kind: z.string(), state: z.enum(['failed', 'unknown']), note: z.string() }),
  },
  'staff.invited': {
    resource: 'staff_member',
    visibility: 'internal',
    description:
      'A staff member was invited by email with their roles (by a support lead, or the first lead from the command line); the subject is the person. Never carries the link.',
    data: z.object({
      email: z.string(),
      roles: staffRoles,
      source: z.enum(['console', 'cli']),
      resent: z.boolean(),
      expires_at: z.string(),
    }),
  },
  'staff.roles_changed': {
    resource: 'staff_member',
    visibility: 'internal',
    description: "A support lead changed a staff member's roles; the subject is the person.",
    data: z.object({ email: z.string(), previous_roles: staffRoles, roles: staffRoles }),
  },
  'staff.disabled': {
    resource: 'staff_member',
    visibility: 'internal',
    description:
      'A support lead disabled a staff member (their sessions ended at once); the subject is the person.',
    data: z.object({ email: z.string(), roles: staffRoles, sessions_ended: z.number().int() }),
  },
});
