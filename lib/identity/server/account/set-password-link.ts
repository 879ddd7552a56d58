// Owns the link a new staff member chooses a first password with: a password-reset token (single use, only its
// SHA-256 stored) that lives as long as an invitation, emailed in the caller's transaction. The reset page sets it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { passwordResetTokens } from '@/db/schema/identity/account-security';
import { INVITATION_TTL_DAYS } from '@/lib/identity/server/team/invitations';
import { email as emailAdapter } from '@/lib/platform/adapters/email';
import { now } from '@/lib/platform/clock';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { randomToken } from '@/lib/platform/crypto/tokens';
import { passwordResetUrl } from './password-changes';

/**
 * A person invited with no usable password yet. Not a scrypt hash, so no password ever matches it (verifyPassword
 * answers false); the staff list reads it as "invited" until the person chooses a password through the link.
 */
export const NO_PASSWORD_YET = '!no-password-yet';

export interface SetPasswordLinkInput {
  userId: string;
  email: string;
  name: string;
  /** Who asked, in the email's words: "Ana Lead invited you" or "The provider's administrator set up". */
  invitedBy: string;
  /** What the person will do with the account, in the email's words. */
  as: string;
}

/**
 * Voids the person's earlier links and emails a new one (the link is never returned: only the mailbox sees it).
 * Answers when it expires.
 */
export async function sendSetPasswordLink(tx: Executor, input: SetPasswordLinkInput): Promise<Date> {
  const at = now();
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.userId, input.userId), isNull(passwordResetTokens.usedAt)));
  const token = randomToken(32);
  const expiresAt = new Date(at.getTime() + INVITATION_TTL_DAYS * 86_400_000);
  await tx
    .insert(passwordResetTokens)
    .values({ userId: input.userId, tokenHash: sha256Hex(token), expiresAt, createdAt: at });
  await emailAdapter().send(tx, {
    kind: 'staff_invitation',
    userId: input.userId,
    to: input.email,
    data: {
      name: input.name,
      invitedBy: input.invitedBy,
      as: input.as,
      url: `${passwordResetUrl(token)}&welcome=1`,
      email: input.email,
      expiresAt,
    },
  });
  return expiresAt;
}
