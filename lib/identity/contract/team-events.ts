// Owns the event types of a team: memberships and invitations (audit only; never an invitation token).
import { z } from 'zod';
import { ORG_ROLES } from '@/lib/platform/actor/roles';
import { defineEvents } from '@/lib/platform/events/define';

const role = z.enum(ORG_ROLES);

export const teamEvents = defineEvents({
  'member.role_changed': {
    resource: 'membership',
    visibility: 'internal',
    description: "A member's role in the organization changed; the subject is the user.",
    data: z.object({ email: z.string(), previous_role: role, role }),
  },
  'member.removed': {
    resource: 'membership',
    visibility: 'internal',
    description:
      'A member was removed from the organization (their sessions there end at once); the subject is the user.',
    data: z.object({ email: z.string(), role }),
  },
  'member.joined': {
    resource: 'membership',
    visibility: 'internal',
    description: 'A person joined the organization by accepting an invitation; the subject is the user.',
    data: z.object({ email: z.string(), role, invitation_id: z.string(), new_account: z.boolean() }),
  },
  'invitation.created': {
    resource: 'invitation',
    visibility: 'internal',
    description: 'An invitation was sent by email with a role. Never carries the link or its token.',
    data: z.object({ email: z.string(), role, expires_at: z.string() }),
  },
  'invitation.revoked': {
    resource: 'invitation',
    visibility: 'internal',
    description:
      'A pending invitation was withdrawn (by an admin, or replaced by a newer one to the same email).',
    data: z.object({ email: z.string(), reason: z.enum(['revoked', 'replaced']) }),
  },
});
