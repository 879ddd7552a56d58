// Owns the second step of signing in: after a right password, a user with a second factor must give a code.
import type { Executor } from '@/db/client';
import { hasTwoFactor, verifySecondFactor } from './two-factor';

/**
 * What the sign-in form hears (next-auth passes an `authorize` error's message to the page as `error`). Only ever
 * said after a right password, so they reveal nothing to someone who does not know it.
 */
export const SECOND_FACTOR_ERRORS = {
  required: 'two_factor_required',
  invalid: 'two_factor_invalid',
  locked: 'two_factor_locked',
} as const;

export class SecondFactorError extends Error {
  constructor(readonly reason: (typeof SECOND_FACTOR_ERRORS)[keyof typeof SECOND_FACTOR_ERRORS]) {
    super(reason);
    this.name = 'SecondFactorError';
  }
}

/** Passes when the user has no second factor, or `code` is a right authenticator or recovery code; else throws. */
export async function checkSecondFactor(
  executor: Executor,
  userId: string,
  code: string | undefined,
): Promise<void> {
  if (!(await hasTwoFactor(executor, userId))) return;
  if (!code?.trim()) throw new SecondFactorError(SECOND_FACTOR_ERRORS.required);
  const outcome = await verifySecondFactor(executor, userId, code);
  if (outcome === 'locked') throw new SecondFactorError(SECOND_FACTOR_ERRORS.locked);
  if (outcome === 'invalid') throw new SecondFactorError(SECOND_FACTOR_ERRORS.invalid);
}
