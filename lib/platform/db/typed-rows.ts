// Owns the statements the Drizzle builder cannot write — SQL function calls that read no table of ours (advisory locks,
// graphile-worker's add_job and its tables, the webhook fan-out function, the system catalogs): their result columns
// are declared once as a zod row and every row is parsed, so a renamed column or a changed type fails here instead of
// flowing on as a wrong TS type.
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';

/** Runs `statement` in `executor` (joining its transaction) and returns its rows parsed by `row`, in order. */
export async function typedRows<Row extends z.ZodType>(
  executor: Executor,
  row: Row,
  statement: SQL,
): Promise<z.output<Row>[]> {
  const rows = await executor.execute(statement);
  return [...rows].map((each) => row.parse(each));
}

/**
 * The same for a statement on a postgres.js `Sql` (a connection or transaction of the caller's own: the migrator's,
 * a scrape's under its statement timeout): `rows` parsed by `row`, in order.
 */
export async function parsedRows<Row extends z.ZodType>(
  row: Row,
  rows: PromiseLike<readonly unknown[]>,
): Promise<z.output<Row>[]> {
  return [...(await rows)].map((each) => row.parse(each));
}
