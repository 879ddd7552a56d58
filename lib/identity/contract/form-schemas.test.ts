// Unit tests of the identity forms' rules: each refuses what the API's wire schema refuses (in a person's words) and
// hands on what it accepts, so the form and the operation cannot drift apart.
import { describe, expect, it } from 'vitest';
import { changePasswordBody, invitationSignUpBody, requestPasswordResetBody } from './account-schemas';
import { createApiKeyBody } from './api-keys-schemas';
import {
  changePassword,
  confirmWithPassword,
  createApiKey,
  enrolTwoFactor,
  forgotPassword,
  invitation,
  resetPassword,
  signIn,
  signUp,
} from './form-schemas';
import { createInvitationBody } from './team-schemas';

const problems = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const key = { name: 'ERP', role: 'member', rate_limit_per_minute: '100', source: 'generate', public_key: '' };

describe('the API key form', () => {
  it('accepts what the API accepts and refuses a name the API refuses, in words', () => {
    expect(createApiKey.parse({ ...key, name: '  ERP  ' }).name).toBe('ERP');
    const long = 'k'.repeat(101);
    expect(createApiKeyBody.safeParse({ name: long }).success).toBe(false);
    expect(problems(createApiKey.safeParse({ ...key, name: long }))).toEqual([
      'name: At most 100 characters',
    ]);
    expect(problems(createApiKey.safeParse({ ...key, name: '   ' }))).toEqual(['name: Name the key']);
  });

  it('holds the rate limit to the API range, typed as text', () => {
    for (const limit of [0, 100_001]) {
      expect(createApiKeyBody.safeParse({ name: 'k', rate_limit_per_minute: limit }).success).toBe(false);
      expect(problems(createApiKey.safeParse({ ...key, rate_limit_per_minute: String(limit) }))).toEqual([
        'rate_limit_per_minute: Between 1 and 100,000',
      ]);
    }
    expect(problems(createApiKey.safeParse({ ...key, rate_limit_per_minute: '1.5' }))).toEqual([
      'rate_limit_per_minute: A whole number of requests',
    ]);
    expect(createApiKey.safeParse({ ...key, rate_limit_per_minute: '100000' }).success).toBe(true);
  });

  it('offers only the roles a key may have, and asks for a key to upload', () => {
    expect(createApiKey.safeParse({ ...key, role: 'admin' }).success).toBe(false);
    expect(createApiKeyBody.safeParse({ name: 'k', role: 'admin' }).success).toBe(false);
    expect(problems(createApiKey.safeParse({ ...key, source: 'upload' }))).toEqual([
      'public_key: Paste the public key',
    ]);
    const huge = 'p'.repeat(4097);
    expect(createApiKeyBody.safeParse({ name: 'k', public_key: huge }).success).toBe(false);
    expect(problems(createApiKey.safeParse({ ...key, source: 'upload', public_key: huge }))).toEqual([
      'public_key: At most 4096 characters',
    ]);
  });
});

describe('the invitation form', () => {
  it('asks for an address, refuses one the API refuses, and accepts one it accepts', () => {
    const role = 'approver';
    expect(problems(invitation.safeParse({ email: ' ', role }))).toEqual([
      'email: Enter their email address',
    ]);
    expect(createInvitationBody.safeParse({ email: 'kim@', role }).success).toBe(false);
    expect(problems(invitation.safeParse({ email: 'kim@', role }))).toEqual([
      'email: Enter a valid email address',
    ]);
    expect(invitation.parse({ email: ' kim@acme.example ', role })).toEqual({
      email: 'kim@acme.example',
      role,
    });
    expect(invitation.safeParse({ email: 'kim@acme.example', role: 'owner' }).success).toBe(false);
  });
});

describe('the password forms', () => {
  it('ask for what is missing and refuse two passwords that differ', () => {
    expect(problems(resetPassword.safeParse({ password: '', confirm: '' }))).toEqual([
      'password: Enter a password',
      'confirm: Repeat the password',
    ]);
    expect(problems(resetPassword.safeParse({ password: 'correct horse', confirm: 'correct hose' }))).toEqual(
      ['confirm: The two passwords differ.'],
    );
    expect(
      problems(
        changePassword.safeParse({ current_password: '', new_password: 'a long one', confirm: 'a long two' }),
      ),
    ).toEqual(['current_password: Enter your current password', 'confirm: The two new passwords differ.']);
    expect(problems(confirmWithPassword.safeParse({ password: '', code: '' }))).toEqual([
      'password: Enter your password',
    ]);
  });

  it('refuse a password longer than the API takes, as the API does', () => {
    const long = 'p'.repeat(1025);
    expect(changePasswordBody.safeParse({ current_password: 'x', new_password: long }).success).toBe(false);
    expect(
      problems(changePassword.safeParse({ current_password: 'x', new_password: long, confirm: long })),
    ).toEqual(['new_password: At most 1024 characters']);
  });

  it('signing up asks for a name the API takes', () => {
    const name = 'n'.repeat(101);
    expect(invitationSignUpBody.safeParse({ name, password: 'x' }).success).toBe(false);
    expect(problems(signUp.safeParse({ name, password: 'x', confirm: 'x' }))).toEqual([
      'name: At most 100 characters',
    ]);
    expect(problems(signUp.safeParse({ name: ' ', password: 'x', confirm: 'x' }))).toEqual([
      'name: Enter your name',
    ]);
    expect(signUp.parse({ name: ' Kim ', password: 'x', confirm: 'x' }).name).toBe('Kim');
  });

  it('a reset is asked for an address the API takes', () => {
    expect(problems(forgotPassword.safeParse({ email: '' }))).toEqual(['email: Enter your email address']);
    expect(requestPasswordResetBody.safeParse({ email: 'kim' }).success).toBe(false);
    expect(problems(forgotPassword.safeParse({ email: 'kim' }))).toEqual([
      'email: Enter a valid email address',
    ]);
    expect(forgotPassword.parse({ email: ' kim@acme.example' })).toEqual({ email: 'kim@acme.example' });
  });

  it('enrolling takes the 6-digit code; signing in asks for both fields', () => {
    expect(enrolTwoFactor.safeParse({ code: '123456' }).success).toBe(true);
    expect(problems(enrolTwoFactor.safeParse({ code: '12345' }))).toEqual(['code: Enter the 6-digit code']);
    expect(problems(signIn.safeParse({ email: 'kim', password: '', code: '' }))).toEqual([
      'email: Enter a valid email address',
      'password: Enter your password',
    ]);
  });
});
