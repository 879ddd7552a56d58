// Owns the column conventions shared by every table: UUIDv7 ids, timestamps, money and status checks.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { check, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '@/lib/platform/ids';

/** Primary key: UUIDv7 generated in the app (time-ordered, so b-tree inserts stay local). */
export const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => newId());

/** Timestamps in UTC with millisecond precision, as the wire format carries them. */
export const timestampMs = (name: string) =>
  timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const createdAt = () => timestampMs('created_at').notNull().defaultNow();
export const updatedAt = () =>
  timestampMs('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

/** USDT and fiat amounts: 6 decimals cover USDT; fiat amounts are stored at their minor units within it. */
export const amount = (name: string) => numeric(name, { precision: 30, scale: 6 });
/** Rates and margins need more precision than amounts. */
export const rate = (name: string) => numeric(name, { precision: 30, scale: 12 });

/** A CHECK that keeps a text status column inside its declared values, so bad states cannot be written. */
export function oneOf(
  name: string,
  column: AnyPgColumn,
  values: readonly string[],
): ReturnType<typeof check> {
  const list = sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
  return check(name, sql`${column} in (${list})`);
}

export const isoCurrency = (column: AnyPgColumn): SQL => sql`${column} ~ '^[A-Z]{3,5}$'`;
