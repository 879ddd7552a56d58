// Owns throttling password sign-in: failures are counted per account and per client address before any
// scrypt runs, and past the limit a sign-in is refused at once, the same way as a wrong password.
import { env } from '@/lib/platform/env';
import { countHit, hashedBucket, uncountHit } from '@/lib/platform/rate-limit/counters';
import { isLimited } from '@/lib/platform/rate-limit/window';

/** Fixed windows of five minutes; the limits are SIGN_IN_FAILURES_PER_ACCOUNT / _PER_ADDRESS (lib/platform/env). */
export const SIGN_IN_WINDOW_SECONDS = 300;

export interface SignInAttempt {
  /** Counted whether or not such an account exists, so the refusal reveals nothing about it. */
  email: string;
  clientAddress: string;
}

const buckets = (attempt: SignInAttempt) => ({
  account: hashedBucket('signin-account', attempt.email.trim().toLowerCase()),
  address: hashedBucket('signin-address', attempt.clientAddress),
});

/**
 * Reserves this attempt as a failure (so concurrent guesses cannot all slip under the limit) and says
 * whether it may go on to the password check. Call `succeeded` if the password was right.
 */
export async function admitSignIn(
  attempt: SignInAttempt,
): Promise<{ allowed: boolean; succeeded: () => Promise<void> }> {
  const { account, address } = buckets(attempt);
  const [perAccount, perAddress] = await Promise.all([
    countHit(account, env().SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_WINDOW_SECONDS),
    countHit(address, env().SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_WINDOW_SECONDS),
  ]);
  return {
    allowed: !isLimited(perAccount) && !isLimited(perAddress),
    succeeded: async () => {
      await Promise.all([
        uncountHit(account, SIGN_IN_WINDOW_SECONDS),
        uncountHit(address, SIGN_IN_WINDOW_SECONDS),
      ]);
    },
  };
}
