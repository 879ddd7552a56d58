// A failing statement is logged without its parameters (#38 §6): the SQL says what failed, the email it carried stays
// out of every log — ours (describeError) and any that prints the error object (Next, graphile-worker, console.error).
import { inspect } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { db } from '@/db/client';
import { describeError, log } from '@/lib/platform/log';
import { useTestDatabase } from '@/test/db';

await useTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

const EMAIL = 'alice.confidential@example.com';

async function failingQuery(): Promise<unknown> {
  try {
    await db().execute(
      sql`select id from users where email = ${EMAIL} and no_such_column = ${'Alice Secret'}`,
    );
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

it('logs the failed statement and PostgreSQL code, never the parameters', async () => {
  const error = await failingQuery();
  const lines: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  log('error', 'unhandled error', describeError(error));
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0]!) as Record<string, string>;
  expect(line.error_message).toBe(
    'Failed query: select id from users where email = $1 and no_such_column = $2',
  );
  expect(line.cause_code).toBe('42703');
  expect(lines[0]).not.toContain(EMAIL);
  expect(lines[0]).not.toContain('Alice Secret');
  expect(lines[0]).not.toContain('params');
});

it('the error object itself, however printed, carries no parameter', async () => {
  const error = (await failingQuery()) as Error;
  expect(error.message).toContain('select id from users where email = $1');
  for (const printed of [error.message, String(error.stack), inspect(error, { depth: 5 })]) {
    expect(printed).not.toContain(EMAIL);
  }
});

it("PostgreSQL's own echo of the row (a constraint's detail) is not printed with the error either", async () => {
  await db().execute(sql`create table leak_probe (email text not null check (email not like '%@%'))`);
  let error: unknown;
  try {
    await db().execute(sql`insert into leak_probe (email) values (${EMAIL})`);
  } catch (caught) {
    error = caught;
  }
  const cause = (error as Error).cause as { code?: string; detail?: string; constraint_name?: string };
  expect(cause).toMatchObject({ code: '23514', constraint_name: 'leak_probe_email_check' });
  // Still there for code that asks, never in what a logger prints.
  expect(cause.detail).toContain(EMAIL);
  expect(inspect(error, { depth: 5 })).not.toContain(EMAIL);
  expect(JSON.stringify(describeError(error))).not.toContain(EMAIL);
});
