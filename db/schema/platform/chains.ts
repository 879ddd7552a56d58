// Owns the blockchains USDT moves on (funding addresses, wallets and withdrawals reference them).
import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHAIN_STATUSES, type ChainStatus } from '@/lib/platform/chains/enums';
import { amount, createdAt, id, oneOf, updatedAt } from '../_columns';

// Server code may keep importing the enums from here; browser-safe modules import lib/enums.
export { CHAIN_STATUSES, type ChainStatus } from '@/lib/platform/chains/enums';

export const chains = pgTable(
  'chains',
  {
    id: id(),
    /** Stable short code used in configuration and the sandbox (e.g. `tron`, `ethereum`). */
    code: text().notNull(),
    name: text().notNull(),
    nativeToken: text().notNull(),
    /** Token standard of USDT on this chain (TRC-20, ERC-20, …). */
    tokenStandard: text().notNull(),
    usdtContract: text().notNull(),
    /** How addresses are validated: `tron` base58check or `evm` hex with EIP-55 checksum. */
    addressFormat: text().$type<'tron' | 'evm'>().notNull(),
    status: text().$type<ChainStatus>().notNull().default('active'),
    /** Smallest withdrawal on this chain, in USDT: below it the network fee eats the transfer (and dust is refused). */
    minWithdrawalAmount: amount('min_withdrawal_amount').notNull().default('1'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chains_code_key').on(t.code),
    oneOf('chains_status_valid', t.status, CHAIN_STATUSES),
    oneOf('chains_address_format_valid', t.addressFormat, ['tron', 'evm']),
    check('chains_min_withdrawal_positive', sql`${t.minWithdrawalAmount} > 0`),
  ],
);

/** A row's chain: required, and a chain that rows name cannot be deleted (restrict). */
export const chainRef = () =>
  uuid()
    .notNull()
    .references(() => chains.id, { onDelete: 'restrict' });
