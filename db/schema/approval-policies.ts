// Owns each organization's approval policy (maker-checker): whether a batch must be confirmed by someone other than its
// creator, and whether withdrawals and new address-book wallets wait for a second person's approval.
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, uuid } from 'drizzle-orm/pg-core';
import { amount, createdAt, updatedAt } from './_columns';
import { organizations } from './organizations';
import { users } from './users';

/**
 * One row per organization that changed its policy; no row means the default (off). When
 * `require_separate_confirmer` is on, a batch whose `source_amount_total` reaches `threshold_usdt` (every batch when
 * null) must be confirmed by a user or API key other than the one that created it.
 */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    orgId: uuid()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requireSeparateConfirmer: boolean().notNull().default(false),
    thresholdUsdt: amount('threshold_usdt'),
    /** Four eyes on withdrawals: a new one waits (`pending_approval`) for a second person, signed in, to approve it. */
    withdrawalsRequireApproval: boolean().notNull().default(false),
    /** Four eyes on the address book: a new wallet is `PENDING_APPROVAL` until a second person approves it. */
    walletsRequireApproval: boolean().notNull().default(false),
    updatedByUserId: uuid().references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('approval_policies_threshold_positive', sql`${t.thresholdUsdt} > 0`)],
);
