// Owns a user's optional TOTP second factor: enrolment (secret + first code), recovery codes (shown once, stored
// hashed), turning it off, and checking a code at sign-in with replay protection and a lockout after wrong codes.
import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  organizationSecurityPolicies,
  userRecoveryCodes,
  userTwoFactor,
} from '@/db/schema/identity/account-security';
import { organizations } from '@/db/schema/identity/organizations';
import { memberships, users } from '@/db/schema/identity/users';
import { now } from '@/lib/platform/clock';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { decryptSecret, encryptSecret } from '@/lib/platform/crypto/secrets';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type AuditActor, userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { confirmPassword } from './password-confirmation';
import { matchingStep, newTotpSecret, provisioningUri } from './totp';

export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes allowed before codes are refused for LOCKOUT_MINUTES (a right password is already known here). */
export const MAX_FAILED_CODES = 5;
export const LOCKOUT_MINUTES = 15;

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

// Bound to its user: a secret copied onto another user's row does not decrypt.
const secretContext = (userId: string) => `user_two_factor:${userId}:secret`;
const seal = (userId: string, secret: string) => encryptSecret(secret, secretContext(userId));
const unseal = (userId: string, sealed: string) => decryptSecret(sealed, secretContext(userId));

/** `xxxxx-xxxxx` from an unambiguous alphabet: 10 characters, ~49 bits each. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const hashRecoveryCode = (code: string) => sha256Hex(`recovery:${normalizeRecoveryCode(code)}`);

export interface TwoFactorStatus {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_remaining: number;
  /** Names of the user's organizations that require a second factor. */
  required_by: string[];
}

export async function getTwoFactorStatus(executor: Executor, userId: string): Promise<TwoFactorStatus> {
  const [[factor], [codes], requiring] = await Promise.all([
    executor.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)),
    executor
      .select({ n: count() })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt))),
    organizationsRequiringTwoFactor(executor, userId),
  ]);
  const enabled = Boolean(factor?.enabledAt);
  return {
    enabled,
    enabled_at: factor?.enabledAt?.toISOString() ?? null,
    recovery_codes_remaining: enabled ? (codes?.n ?? 0) : 0,
    required_by: requiring,
  };
}

async function organizationsRequiringTwoFactor(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor
    .select({ name: organizations.name })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.orgId))
    .innerJoin(organizationSecurityPolicies, eq(organizationSecurityPolicies.orgId, memberships.orgId))
    .where(and(eq(memberships.userId, userId), eq(organizationSecurityPolicies.requireTwoFactor, true)))
    .orderBy(organizations.name);
  return rows.map((row) => row.name);
}

/** Whether the user signs in with a second factor. */
export async function hasTwoFactor(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ enabledAt: userTwoFactor.enabledAt })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  return Boolean(row?.enabledAt);
}

/**
 * Starts (or restarts) enrolment: a fresh secret, not yet in force. Answers the secret and the `otpauth://` URI for
 * the QR code; the factor is on only once `confirmTwoFactorEnrolment` sees a code from it.
 */
export async function startTwoFactorEnrolment(
  executor: Executor,
  userId: string,
): Promise<{ secret: string; otpauth_uri: string }> {
  const [user] = await executor.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError('unauthorized');
  if (await hasTwoFactor(executor, userId)) {
    throw new ApiError(
      'conflict',
      'two-factor authentication is already on: turn it off first to change apps',
      {
        code: 'two_factor_enabled',
      },
    );
  }
  const secret = newTotpSecret();
  await executor
    .insert(userTwoFactor)
    .values({ userId, secretCiphertext: seal(userId, secret) })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: {
        secretCiphertext: seal(userId, secret),
        failedAttempts: 0,
        lastFailedAt: null,
        lastUsedStep: null,
      },
      setWhere: isNull(userTwoFactor.enabledAt),
    });
  return { secret, otpauth_uri: provisioningUri(secret, user.email) };
}

async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx
    .insert(userRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })))
    .onConflictDoNothing();
  return codes;
}

const invalidCode = () =>
  ApiError.businessRule('code: is not the current code from your authenticator app', {
    code: 'invalid_code',
    param: 'code',
  });

/** Turns the factor on with a first code from the app; answers the recovery codes, shown this once. */
export async function confirmTwoFactorEnrolment(
  executor: Executor,
  input: { userId: string; code: string; requestId?: string },
): Promise<{ recovery_codes: string[] }> {
  return executor.transaction(async (tx) => {
    const [factor] = await tx
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, input.userId))
      .for('update');
    if (factor?.enabledAt) {
      throw new ApiError('conflict', 'two-factor authentication is already on', {
        code: 'two_factor_enabled',
      });
    }
    if (!factor) {
      throw new ApiError('conflict', 'start enrolment first: there is no authenticator app to confirm', {
        code: 'enrolment_not_started',
      });
    }
    const at = now();
    const step = matchingStep(
      unseal(input.userId, factor.secretCiphertext),
      input.code.replace(/\s/g, ''),
      at,
    );
    if (step === null) throw invalidCode();
    await tx
      .update(userTwoFactor)
      .set({ enabledAt: at, lastUsedStep: step, failedAttempts: 0, lastFailedAt: null })
      .where(eq(userTwoFactor.userId, input.userId));
    const codes = await replaceRecoveryCodes(tx, input.userId);
    await recordEvent(tx, {
      orgId: null,
      type: 'user.two_factor_enabled',
      actor: userAuditActor(input.userId),
      subjectId: input.userId,
      data: {},
      requestId: input.requestId ?? null,
    });
    return { recovery_codes: codes };
  });
}

/**
 * Turns the factor off, unless one of the user's organizations requires it. Needs the password and, while the factor
 * is on, a current code from the app (or a recovery code): a stolen session plus the password is not enough.
 */
export async function disableTwoFactor(
  executor: Executor,
  input: {
    userId: string;
    password: string;
    code?: string;
    clientAddress?: string;
    actor?: AuditActor;
    requestId?: string;
  },
): Promise<void> {
  await confirmPassword(executor, { ...input, param: 'password' });
  const requiring = await organizationsRequiringTwoFactor(executor, input.userId);
  if (requiring.length > 0) {
    throw new ApiError(
      'conflict',
      `${requiring.join(', ')} ${requiring.length === 1 ? 'requires' : 'require'} two-factor authentication: it cannot be turned off`,
      { code: 'two_factor_required_by_organization' },
    );
  }
  if (await hasTwoFactor(executor, input.userId)) {
    if (!input.code?.trim()) {
      throw ApiError.businessRule('code: enter the current code from your authenticator app', {
        code: 'code_required',
        param: 'code',
      });
    }
    const outcome = await verifySecondFactor(executor, input.userId, input.code);
    if (outcome === 'locked') {
      throw ApiError.businessRule(
        `code: too many wrong codes; wait ${LOCKOUT_MINUTES} minutes, then try again`,
        { code: 'two_factor_locked', param: 'code' },
      );
    }
    if (outcome === 'invalid') throw invalidCode();
  }
  await executor.transaction(async (tx) => {
    const removed = await tx
      .delete(userTwoFactor)
      .where(eq(userTwoFactor.userId, input.userId))
      .returning({ enabledAt: userTwoFactor.enabledAt });
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, input.userId));
    if (removed[0]?.enabledAt) {
      await recordEvent(tx, {
        orgId: null,
        type: 'user.two_factor_disabled',
        actor: input.actor ?? userAuditActor(input.userId),
        subjectId: input.userId,
        data: {},
        requestId: input.requestId ?? null,
      });
    }
  });
}

/** New recovery codes (password required); the old ones stop working. */
export async function regenerateRecoveryCodes(
  executor: Executor,
  input: { userId: string; password: string; clientAddress?: string; requestId?: string },
): Promise<{ recovery_codes: string[] }> {
  if (!(await hasTwoFactor(executor, input.userId))) {
    throw new ApiError('conflict', 'turn two-factor authentication on first', {
      code: 'two_factor_disabled',
    });
  }
  await confirmPassword(executor, { ...input, param: 'password' });
  return executor.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, input.userId);
    await recordEvent(tx, {
      orgId: null,
      type: 'user.recovery_codes_regenerated',
      actor: userAuditActor(input.userId),
      subjectId: input.userId,
      data: { count: codes.length },
      requestId: input.requestId ?? null,
    });
    return { recovery_codes: codes };
  });
}

export type SecondFactorOutcome = 'ok' | 'invalid' | 'locked';

/**
 * Checks a code at sign-in: a current authenticator code not used before (each 30-second step once), or an unused
 * recovery code (used up by this). After MAX_FAILED_CODES wrong codes, every code is refused for LOCKOUT_MINUTES.
 */
export async function verifySecondFactor(
  executor: Executor,
  userId: string,
  rawCode: string,
): Promise<SecondFactorOutcome> {
  return executor.transaction(async (tx) => {
    const [factor] = await tx
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, userId))
      .for('update');
    if (!factor?.enabledAt) return 'invalid';
    const at = now();
    const lockedUntil = factor.lastFailedAt
      ? factor.lastFailedAt.getTime() + LOCKOUT_MINUTES * 60_000
      : Number.NEGATIVE_INFINITY;
    if (factor.failedAttempts >= MAX_FAILED_CODES && at.getTime() < lockedUntil) return 'locked';

    const code = rawCode.replace(/[\s]/g, '');
    let accepted = false;
    if (/^\d{6}$/.test(code)) {
      const step = matchingStep(unseal(userId, factor.secretCiphertext), code, at);
      if (step !== null && (factor.lastUsedStep === null || step > factor.lastUsedStep)) {
        await tx
          .update(userTwoFactor)
          .set({ lastUsedStep: step, failedAttempts: 0, lastFailedAt: null })
          .where(eq(userTwoFactor.userId, userId));
        accepted = true;
      }
    } else if (normalizeRecoveryCode(code).length === 10) {
      const [used] = await tx
        .update(userRecoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(userRecoveryCodes.userId, userId),
            eq(userRecoveryCodes.codeHash, hashRecoveryCode(code)),
            isNull(userRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: userRecoveryCodes.id });
      if (used) {
        accepted = true;
        await tx
          .update(userTwoFactor)
          .set({ failedAttempts: 0, lastFailedAt: null })
          .where(eq(userTwoFactor.userId, userId));
        const [remaining] = await tx
          .select({ n: count() })
          .from(userRecoveryCodes)
          .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
        await recordEvent(tx, {
          orgId: null,
          type: 'user.recovery_code_used',
          actor: userAuditActor(userId),
          subjectId: userId,
          data: { remaining: remaining?.n ?? 0 },
        });
      }
    }
    if (accepted) return 'ok';
    await tx
      .update(userTwoFactor)
      .set({
        // A failure after the lockout window starts a new count.
        failedAttempts:
          at.getTime() >= lockedUntil && factor.failedAttempts >= MAX_FAILED_CODES
            ? 1
            : sql`${userTwoFactor.failedAttempts} + 1`,
        lastFailedAt: at,
      })
      .where(eq(userTwoFactor.userId, userId));
    return 'invalid';
  });
}
