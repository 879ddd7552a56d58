// Owns the identity area's server API: the only server file of identity that route files, other areas and the
// composition root import. Files inside lib/identity/server import each other directly, never through this one.
export { changePassword, completePasswordReset, requestPasswordReset } from './account/password-changes';
export { passwordResetEmailTask } from './account/password-reset-email-task';
export { getSecurityPolicy, mustEnrolTwoFactor, setSecurityPolicy } from './account/security-policy';
export { NO_PASSWORD_YET, sendSetPasswordLink } from './account/set-password-link';
export {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorEnrolment,
} from './account/two-factor';
export { issueApiKey, listOrganizationApiKeys, revokeOrganizationApiKey } from './api-keys/manage-api-keys';
export { type Authenticated, authenticateApiKey, verifyRequestBody } from './auth/api-key-auth';
export { createApiKey, listApiKeys, revokeApiKey } from './auth/api-key-lifecycle';
export {
  CLOCK_TOLERANCE_SECONDS,
  MAX_TOKEN_LIFETIME_SECONDS,
  TOKEN_REFUSAL_REASONS,
  type TokenRefusalReason,
  TokenRejected,
} from './auth/api-token';
export { clientAddress } from './auth/client-address';
export { currentUser } from './auth/current-user';
export { metricsAccess } from './auth/metrics-access';
export { authOptions } from './auth/next-auth-options';
export { hashPassword } from './auth/password-hash';
export { admitPublicAuthRequest, publicAuthRetryAfter } from './auth/public-auth-limit';
export { requesterOf, type ServiceActor, serviceActor, systemActor } from './auth/service-actor';
export { authenticateSession, sessionIdFromRequest, staffRoleOfRequest } from './auth/session-auth';
export { provideSignOutHooks } from './auth/sign-out-hooks';
export { switchActiveOrganization } from './auth/user-sessions';
export { addMembership, createUser } from './auth/users';
export { DEMO_PASSWORD } from './demo-logins';
export { createOrganization } from './organizations/create-organization';
export { getOrganization } from './organizations/get-organization';
export { listUserMemberships } from './organizations/memberships';
export { provideOrganizationCreatedHooks } from './organizations/organization-created-hooks';
export { getOrganizationSettings, updateOrganizationSettings } from './organizations/settings';
export {
  DEMO_LOGINS,
  DEMO_ORGANIZATIONS,
  type DemoOrgKey,
  type DemoUserKey,
  hashDemoPasswords,
  type SeededPeople,
  seedPeople,
} from './seed';
export {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  registerFromInvitation,
  revokeInvitation,
} from './team/invitations';
export { organizationMembers, organizationNoticeSettings } from './team/member-directory';
export { changeMemberRole, listMembers, removeMember } from './team/members';
