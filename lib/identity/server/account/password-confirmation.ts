// Owns asking a signed-in person for their password again (changing it, turning off the second factor, new recovery
// codes): throttled exactly like sign-in, in the same buckets, so a stolen session cannot guess the password here
// without limit, nor here plus at sign-in more than at sign-in alone.
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema/identity/users';
import { verifyPassword } from '@/lib/identity/server/auth/password-hash';
import { admitSignIn, SIGN_IN_WINDOW_SECONDS } from '@/lib/identity/server/auth/sign-in-throttle';
import { nowSeconds } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { currentWindow } from '@/lib/platform/rate-limit/window';

export interface PasswordConfirmation {
  userId: string;
  password: string;
  /** The request's client address (lib/identity/server/auth/client-address); counted like a sign-in's. */
  clientAddress?: string;
  /** The body field holding the password, for the error. */
  param: string;
}

function tooManyAttempts(): ApiError {
  const retryAfter = Math.max(1, currentWindow(undefined, SIGN_IN_WINDOW_SECONDS).resetAt - nowSeconds());
  return new ApiError('rate_limited', 'Too many wrong passwords: wait a few minutes, then try again', {
    code: 'too_many_attempts',
    retryAfterSeconds: retryAfter,
  });
}

/** Checks the password (`wrong_password`; `too_many_attempts` past the sign-in limits); answers the row. */
export async function confirmPassword(
  executor: Executor,
  input: PasswordConfirmation,
): Promise<{ email: string; hash: string }> {
  const [user] = await executor
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw new ApiError('unauthorized');
  const admission = await admitSignIn({
    email: user.email,
    clientAddress: input.clientAddress ?? 'unknown',
  });
  if (!admission.allowed) throw tooManyAttempts();
  if (!(await verifyPassword(input.password, user.hash))) {
    throw ApiError.businessRule(`${input.param}: is not your current password`, {
      code: 'wrong_password',
      param: input.param,
    });
  }
  await admission.succeeded();
  return user;
}
