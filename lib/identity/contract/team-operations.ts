// Owns the declarations of team management (session only, admin): members, roles, invitations; and accepting one.

import {
  acceptedInvitationSchema,
  changeMemberRoleBody,
  createdInvitationSchema,
  createInvitationBody,
  invitationParams,
  invitationSchema,
  invitationTokenParams,
  listInvitationsQuery,
  memberParams,
  memberSchema,
} from '@/lib/identity/contract/team-schemas';
import { defineOperation } from '@/lib/platform/operations/operation';
import { listEnvelopeSchema, paginationQuery } from '@/lib/platform/pagination';

const TEAM = ['Team'];

export const listMembersOperation = defineOperation({
  id: 'listMembers',
  method: 'GET',
  path: '/api/v2/organizations/me/members',
  summary: "The organization's members and their roles",
  description: 'Longest-standing first. Admins, signed in to the portal (API keys never manage the team).',
  tags: TEAM,
  session: true,
  role: 'admin',
  query: paginationQuery,
  response: { status: 200, description: 'A page of members', schema: listEnvelopeSchema(memberSchema) },
});

export const changeMemberRoleOperation = defineOperation({
  id: 'changeMemberRole',
  method: 'PATCH',
  path: '/api/v2/organizations/me/members/{userId}',
  summary: "Change a member's role",
  description:
    'Takes effect on their next request. The last admin cannot be demoted (409 `last_admin`): make someone else admin first.',
  tags: TEAM,
  session: true,
  role: 'admin',
  params: memberParams,
  body: changeMemberRoleBody,
  errors: ['last_admin'],
  response: { status: 200, description: 'The member with their new role', schema: memberSchema },
});

export const removeMemberOperation = defineOperation({
  id: 'removeMember',
  method: 'DELETE',
  path: '/api/v2/organizations/me/members/{userId}',
  summary: 'Remove a member from the organization',
  description:
    'Their sessions stop acting for the organization at once; their account and other memberships stay. The last admin cannot be removed (409 `last_admin`).',
  tags: TEAM,
  session: true,
  role: 'admin',
  params: memberParams,
  errors: ['last_admin'],
  response: { status: 200, description: 'The member as they were', schema: memberSchema },
});

export const listInvitationsOperation = defineOperation({
  id: 'listInvitations',
  method: 'GET',
  path: '/api/v2/organizations/me/invitations',
  summary: "The organization's invitations",
  description: 'Newest first, in every state unless `status` says.',
  tags: TEAM,
  session: true,
  role: 'admin',
  query: listInvitationsQuery,
  response: {
    status: 200,
    description: 'A page of invitations',
    schema: listEnvelopeSchema(invitationSchema),
  },
});

export const createInvitationOperation = defineOperation({
  id: 'createInvitation',
  method: 'POST',
  path: '/api/v2/organizations/me/invitations',
  summary: 'Invite someone by email with a role',
  description:
    'The email carries a link valid for 7 days and usable once. Inviting an email with a pending invitation replaces it (the old link stops working). An existing member is 400 `already_member`. In the sandbox the answer also carries `accept_url`, the link the email holds.',
  tags: TEAM,
  session: true,
  role: 'admin',
  body: createInvitationBody,
  errors: ['already_member'],
  response: { status: 201, description: 'The invitation', schema: createdInvitationSchema },
});

export const revokeInvitationOperation = defineOperation({
  id: 'revokeInvitation',
  method: 'DELETE',
  path: '/api/v2/organizations/me/invitations/{invitationId}',
  summary: 'Withdraw an invitation',
  description: 'Its link stops working. Withdrawing twice answers the same; an accepted invitation is 409.',
  tags: TEAM,
  session: true,
  role: 'admin',
  params: invitationParams,
  errors: ['invitation_accepted'],
  response: { status: 200, description: 'The withdrawn invitation', schema: invitationSchema },
});

export const acceptInvitationOperation = defineOperation({
  id: 'acceptInvitation',
  method: 'POST',
  path: '/api/v2/invitations/{token}/accept',
  summary: 'Accept an invitation sent to your email',
  description:
    'Signed-in users only, and only for an invitation sent to their own email (403 otherwise). Adds the membership with the invited role and makes it the session’s active organization. A used, withdrawn or expired invitation is 409; an unknown one 404. Someone without an account accepts on the invitation page by choosing a password instead.',
  tags: TEAM,
  audience: 'user',
  params: invitationTokenParams,
  idempotent: false,
  errors: ['invitation_email_mismatch', 'invitation_used', 'invitation_revoked', 'invitation_expired'],
  response: { status: 200, description: 'The organization joined', schema: acceptedInvitationSchema },
});

export const teamOperations = [
  listMembersOperation,
  changeMemberRoleOperation,
  removeMemberOperation,
  listInvitationsOperation,
  createInvitationOperation,
  revokeInvitationOperation,
  acceptInvitationOperation,
];
