// Owns account security: password-reset tokens, TOTP second factors, recovery codes, and each organization's
// two-factor policy.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestampMs, updatedAt } from '../_columns';
import { organizations } from './organizations';
import { users } from './users';

/** A password-reset link: single use, short-lived, only its SHA-256 kept (the token is only ever in the email). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestampMs('expires_at').notNull(),
    /** Set when the link was used, or when a later reset or password change made it void. */
    usedAt: timestampMs('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A user's TOTP second factor (RFC 6238, SHA-1, 6 digits, 30 s). `enabledAt` is null while enrolment waits for the
 * first code. The secret is encrypted at rest (lib/platform/crypto/secrets).
 */
export const userTwoFactor = pgTable(
  'user_two_factor',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretCiphertext: text().notNull(),
    enabledAt: timestampMs('enabled_at'),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    lastUsedStep: bigint({ mode: 'number' }),
    /** Wrong codes since the last right one; past the limit codes are refused for a while (see lib/account). */
    failedAttempts: integer().notNull().default(0),
    lastFailedAt: timestampMs('last_failed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('user_two_factor_failed_attempts_nonnegative', sql`${t.failedAttempts} >= 0`)],
);

/** One-time recovery codes, shown once at enrolment; only their SHA-256 is kept. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestampMs('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_recovery_codes_user_idx').on(t.userId),
    uniqueIndex('user_recovery_codes_user_hash_key').on(t.userId, t.codeHash),
  ],
);

/** An organization's security policy; no row means the defaults (two-factor optional). */
export const organizationSecurityPolicies = pgTable('organization_security_policies', {
  orgId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** Every member must have a second factor to act for the organization. */
  requireTwoFactor: boolean().notNull().default(false),
  updatedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
