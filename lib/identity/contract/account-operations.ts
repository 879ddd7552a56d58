// Owns the declarations of a person's own security (audience user: whatever organization is active) — password,
// second factor, recovery codes — and of the organization's two-factor policy.

import {
  changePasswordBody,
  disableTwoFactorBody,
  passwordChangedSchema,
  passwordConfirmationBody,
  recoveryCodesSchema,
  securityPolicySchema,
  twoFactorCodeBody,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
  updateSecurityPolicyBody,
} from '@/lib/identity/contract/account-schemas';
import { defineOperation } from '@/lib/platform/operations/operation';

const ACCOUNT = ['Account security'];

export const changePasswordOperation = defineOperation({
  id: 'changePassword',
  method: 'POST',
  path: '/api/v2/account/password',
  summary: 'Change your password',
  description:
    'Needs the current password (400 `wrong_password`; wrong ones count against the sign-in limits, 429 `too_many_attempts` with `Retry-After` past them). The new one: at least 10 characters, not your email. Every other session of yours ends; this one stays.',
  tags: ACCOUNT,
  audience: 'user',
  body: changePasswordBody,
  idempotent: false,
  errors: ['wrong_password', 'password_changed', 'too_many_attempts'],
  response: { status: 200, description: 'Changed', schema: passwordChangedSchema },
});

export const getTwoFactorOperation = defineOperation({
  id: 'getTwoFactor',
  method: 'GET',
  path: '/api/v2/account/two-factor',
  summary: 'Your second factor: on or off, recovery codes left, organizations that require it',
  tags: ACCOUNT,
  audience: 'user',
  response: { status: 200, description: 'Your second factor', schema: twoFactorStatusSchema },
});

export const startTwoFactorEnrolmentOperation = defineOperation({
  id: 'startTwoFactorEnrolment',
  method: 'POST',
  path: '/api/v2/account/two-factor/enrolment',
  summary: 'Start setting up an authenticator app',
  description:
    'A new secret and its `otpauth://` URI (for the QR code). Nothing changes at sign-in until `POST /api/v2/account/two-factor` confirms a code from the app. Starting again replaces an unconfirmed secret. Not idempotent (the secret is never stored for a replay).',
  tags: ACCOUNT,
  audience: 'user',
  idempotent: false,
  errors: ['two_factor_enabled'],
  response: { status: 201, description: 'The secret to enter in the app', schema: twoFactorEnrolmentSchema },
});

export const enableTwoFactorOperation = defineOperation({
  id: 'enableTwoFactor',
  method: 'POST',
  path: '/api/v2/account/two-factor',
  summary: 'Turn on the second factor with a code from the app',
  description:
    'From now on sign-in asks for a code. Answers ten recovery codes, shown this once. A wrong code is 400 `invalid_code`.',
  tags: ACCOUNT,
  audience: 'user',
  body: twoFactorCodeBody,
  idempotent: false,
  errors: ['invalid_code', 'two_factor_enabled', 'enrolment_not_started'],
  response: { status: 201, description: 'On, with recovery codes', schema: recoveryCodesSchema },
});

export const disableTwoFactorOperation = defineOperation({
  id: 'disableTwoFactor',
  method: 'POST',
  path: '/api/v2/account/two-factor/disable',
  summary: 'Turn off the second factor',
  description:
    'Needs your password and a current code from your authenticator app (or a recovery code): 400 `wrong_password`, `code_required`, `invalid_code` or `two_factor_locked`. Wrong passwords count against the sign-in limits (429 `too_many_attempts` with `Retry-After` past them). Refused (409) while one of your organizations requires a second factor.',
  tags: ACCOUNT,
  audience: 'user',
  body: disableTwoFactorBody,
  idempotent: false,
  errors: [
    'wrong_password',
    'two_factor_required_by_organization',
    'code_required',
    'invalid_code',
    'two_factor_locked',
    'too_many_attempts',
  ],
  response: { status: 200, description: 'Off', schema: twoFactorStatusSchema },
});

export const regenerateRecoveryCodesOperation = defineOperation({
  id: 'regenerateRecoveryCodes',
  method: 'POST',
  path: '/api/v2/account/two-factor/recovery-codes',
  summary: 'Replace your recovery codes',
  description:
    'Needs your password (wrong ones count against the sign-in limits: 429 `too_many_attempts`). The old codes stop working; the new ones are shown this once.',
  tags: ACCOUNT,
  audience: 'user',
  body: passwordConfirmationBody,
  idempotent: false,
  errors: ['wrong_password', 'two_factor_disabled', 'too_many_attempts'],
  response: { status: 201, description: 'New recovery codes', schema: recoveryCodesSchema },
});

export const getSecurityPolicyOperation = defineOperation({
  id: 'getSecurityPolicy',
  method: 'GET',
  path: '/api/v2/organizations/me/security-policy',
  summary: "The organization's security policy",
  tags: ACCOUNT,
  session: true,
  response: { status: 200, description: 'The policy', schema: securityPolicySchema },
});

export const updateSecurityPolicyOperation = defineOperation({
  id: 'updateSecurityPolicy',
  method: 'PATCH',
  path: '/api/v2/organizations/me/security-policy',
  summary: 'Require a second factor for everyone in the organization',
  description:
    'While required, a member without a second factor cannot act for the organization (403) until they turn one on. The admin turning it on must have one (409 otherwise).',
  tags: ACCOUNT,
  session: true,
  role: 'admin',
  body: updateSecurityPolicyBody,
  errors: ['two_factor_disabled'],
  response: { status: 200, description: 'The policy', schema: securityPolicySchema },
});

export const accountOperations = [
  changePasswordOperation,
  getTwoFactorOperation,
  startTwoFactorEnrolmentOperation,
  enableTwoFactorOperation,
  disableTwoFactorOperation,
  regenerateRecoveryCodesOperation,
  getSecurityPolicyOperation,
  updateSecurityPolicyOperation,
];
