// Owns the wire shapes of a team: members, roles and invitations.
import { z } from 'zod';
import { ORG_ROLES } from '@/lib/platform/actor/roles';
import { paginationQuery } from '@/lib/platform/pagination';
import { idSchema, timestampSchema } from '@/lib/platform/schemas/common';

export const orgRoleSchema = z.enum(ORG_ROLES).meta({
  description: 'member (view, build drafts) ⊂ approver (confirm batches, withdraw) ⊂ admin (team, API keys)',
});

export const memberSchema = z
  .object({
    user_id: idSchema,
    email: z.string(),
    name: z.string(),
    role: orgRoleSchema,
    two_factor_enabled: z.boolean().meta({ description: 'Whether the member signs in with a second factor' }),
    joined_at: timestampSchema,
  })
  .meta({ id: 'Member' });

export const memberParams = z.object({ userId: idSchema });

export const changeMemberRoleBody = z
  .object({ role: orgRoleSchema })
  .strict()
  .meta({ id: 'ChangeMemberRoleRequest' });

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const invitationSchema = z
  .object({
    id: idSchema,
    email: z.string(),
    role: orgRoleSchema,
    status: z.enum(INVITATION_STATUSES),
    invited_by: z.string().nullable().meta({ description: 'Name of the admin who sent it' }),
    expires_at: timestampSchema,
    accepted_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Invitation' });

export const createdInvitationSchema = invitationSchema
  .extend({
    accept_url: z.url().nullable().meta({
      description:
        'Sandbox only (null in production): the link the email carries, so a test can accept without a mailbox.',
    }),
  })
  .meta({ id: 'CreatedInvitation' });

export const createInvitationBody = z
  .object({
    email: z.email({ error: 'must be an email address' }).max(254),
    role: orgRoleSchema,
  })
  .strict()
  .meta({ id: 'CreateInvitationRequest' });

export const invitationParams = z.object({ invitationId: idSchema });

/** Invitation tokens are 43 base64url characters; anything else names no invitation. */
export const invitationTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

export const acceptedInvitationSchema = z
  .object({
    org_id: idSchema,
    organization_name: z.string(),
    role: orgRoleSchema,
  })
  .meta({ id: 'AcceptedInvitation' });

/** What the invitation page shows before anyone signs in; the token is the key to it. */
export const invitationPreviewSchema = z.object({
  organization_name: z.string(),
  email: z.string(),
  role: orgRoleSchema,
  expires_at: timestampSchema,
  account_exists: z.boolean(),
});

export type MemberWire = z.input<typeof memberSchema>;
export type InvitationWire = z.input<typeof invitationSchema>;
export type InvitationPreviewWire = z.input<typeof invitationPreviewSchema>;

export const listInvitationsQuery = paginationQuery
  .extend({
    status: z
      .enum(INVITATION_STATUSES)
      .optional()
      .meta({ description: 'Only invitations in this state (pending: not accepted, withdrawn or expired)' }),
  })
  .strict();
