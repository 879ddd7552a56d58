// Tests the typed function call: the rows come back parsed by their declared columns, and a row that does not match
// its declaration is refused rather than passed on.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { db } from '@/db/client';
import { useTestDatabase } from '@/test/db';
import { typedRows } from './typed-rows';

await useTestDatabase();

it('returns each row of a function call, typed by its declared columns', async () => {
  const rows = await typedRows(
    db(),
    z.object({ n: z.number(), label: z.string() }),
    sql`select g::int as n, 'row ' || g as label from generate_series(1, 2) g`,
  );
  expect(rows).toEqual([
    { n: 1, label: 'row 1' },
    { n: 2, label: 'row 2' },
  ]);
});

it('runs in the caller transaction', async () => {
  const free = await db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
    return typedRows(
      tx,
      z.object({ held: z.boolean() }),
      sql`select pg_try_advisory_xact_lock(4242) as held`,
    );
  });
  // The same transaction may take its own lock again.
  expect(free).toEqual([{ held: true }]);
});

it('refuses a row whose columns do not match the declaration', async () => {
  await expect(typedRows(db(), z.object({ id: z.string() }), sql`select 1 as id`)).rejects.toThrow();
});
