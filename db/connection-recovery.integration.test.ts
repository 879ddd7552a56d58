// A connection whose server went away mid-query (a restart, a pooler refusing a login) is replaced, and the query the
// pool sends next answers for itself: postgres.js 3.4.9 kept the old server's error and handed it to the next query
// on the replacement connection, seconds or minutes later (scripts/patch-postgres.mjs, porsager/postgres#1215).
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { connectionOptions } from './client';

const testDb = await useTestDatabase();
// One connection, so the next query surely runs on the one whose server was terminated; the app's own options.
const sql = postgres(testDb.url, connectionOptions(1));
afterAll(() => sql.end({ timeout: 5 }));

it('the query after a terminated one runs on a fresh connection and gets its own answer', async () => {
  // The server ends this very connection while the statement runs: 57P01, then the socket closes.
  await expect(sql`select pg_terminate_backend(pg_backend_pid())`).rejects.toMatchObject({
    code: expect.stringMatching(/^(57P01|CONNECTION_CLOSED)$/),
  });
  expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
  expect(await sql`select 2 as two`).toEqual([{ two: 2 }]);
});
