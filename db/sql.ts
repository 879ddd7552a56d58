// Owns the two SQL idioms that keep bulk work at a constant statement count: an array parameter and a JSON recordset.
import { type SQL, sql } from 'drizzle-orm';

/** `= any(${textArray(ids)}::uuid[])`: one parameter however many values (a Postgres array literal). */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
  return sql`${literal}`;
}

/** Rows as one jsonb parameter, for `jsonb_to_recordset(${jsonRows(rows)}) as v(…)` bulk inserts and updates. */
export function jsonRows(rows: readonly object[]): SQL {
  return sql`${JSON.stringify(rows)}::jsonb`;
}
