// Owns the declarations of the unauthenticated steps of signing in, served under /api/auth beside next-auth (not
// part of the integrator API, so not in the OpenAPI document): password reset and joining by invitation.

import {
  completePasswordResetBody,
  invitationSignUpBody,
  passwordResetCompletedSchema,
  passwordResetRequestedSchema,
  requestPasswordResetBody,
} from '@/lib/identity/contract/account-schemas';
import {
  acceptedInvitationSchema,
  invitationPreviewSchema,
  invitationTokenParams,
} from '@/lib/identity/contract/team-schemas';
import { defineOperation } from '@/lib/platform/operations/operation';

const AUTH = ['Sign-in'];

export const requestPasswordResetOperation = defineOperation({
  id: 'requestPasswordReset',
  method: 'POST',
  path: '/api/auth/password-reset',
  summary: 'Email a password-reset link',
  description: 'Answers the same whether or not the address has an account.',
  tags: AUTH,
  public: true,
  idempotent: false,
  body: requestPasswordResetBody,
  response: { status: 202, description: 'Accepted', schema: passwordResetRequestedSchema },
});

export const completePasswordResetOperation = defineOperation({
  id: 'completePasswordReset',
  method: 'POST',
  path: '/api/auth/password-reset/complete',
  summary: 'Set a new password with a reset link',
  tags: AUTH,
  public: true,
  idempotent: false,
  body: completePasswordResetBody,
  response: { status: 200, description: 'Password set', schema: passwordResetCompletedSchema },
});

export const previewInvitationOperation = defineOperation({
  id: 'previewInvitation',
  method: 'GET',
  path: '/api/auth/invitations/{token}',
  summary: 'What an invitation link is for',
  tags: AUTH,
  public: true,
  params: invitationTokenParams,
  response: { status: 200, description: 'The invitation', schema: invitationPreviewSchema },
});

export const signUpFromInvitationOperation = defineOperation({
  id: 'signUpFromInvitation',
  method: 'POST',
  path: '/api/auth/invitations/{token}/sign-up',
  summary: 'Join by invitation as a new user, choosing a password',
  tags: AUTH,
  public: true,
  idempotent: false,
  params: invitationTokenParams,
  body: invitationSignUpBody,
  response: {
    status: 201,
    description: 'The account was created and joined the organization',
    schema: acceptedInvitationSchema.extend({ email: invitationPreviewSchema.shape.email }),
  },
});
