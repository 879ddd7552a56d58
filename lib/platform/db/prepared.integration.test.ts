// Tests the statements built once: each call answers with its own placeholder values, and the statement is built once
// per connection pool — again for a new pool, so a reopened pool never runs a statement bound to a closed one.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { closeDb } from '@/db/client';
import { useTestDatabase } from '@/test/db';
import { preparedStatement } from './prepared';

await useTestDatabase();

let builds = 0;
const doubled = preparedStatement((d) => {
  builds += 1;
  return d
    .select({ twice: sql<number>`${sql.placeholder('n')}::int * 2` })
    .from(sql`(select 1) as one`)
    .prepare('test_doubled');
});

it('answers each call with its own values, from one statement built once', async () => {
  const before = builds;
  expect(await doubled().execute({ n: 2 })).toEqual([{ twice: 4 }]);
  expect(await doubled().execute({ n: 21 })).toEqual([{ twice: 42 }]);
  expect(builds - before).toBeLessThanOrEqual(1);
  expect(doubled()).toBe(doubled());
});

it('is built again for a new pool and runs on it', async () => {
  const first = doubled();
  await closeDb();
  const second = doubled();
  expect(second).not.toBe(first);
  expect(await second.execute({ n: 5 })).toEqual([{ twice: 10 }]);
});
