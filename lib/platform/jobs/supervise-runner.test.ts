// A worker process keeps running jobs after its graphile-worker runner dies (a PostgreSQL restart makes it end its
// pool): a new runner starts once the database answers again, and stopping works at any point of that.
import { describe, expect, it } from 'vitest';
import { superviseRunner } from './supervise-runner';

/** A runner whose end the test decides: `die` is graphile-worker ending its pool, `stop` a graceful stop. */
function fakeRunner() {
  let settle!: (error?: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  promise.catch(() => {});
  const runner = {
    promise,
    stopped: false,
    stop: async () => {
      runner.stopped = true;
      settle();
    },
    die: (error: Error) => settle(error),
  };
  return runner;
}

const fast = { firstMs: 5, maxMs: 20 };

describe('a supervised job runner', () => {
  it('is replaced when it dies, after failed starts while the database is away, and stops for good when asked', async () => {
    const runners: ReturnType<typeof fakeRunner>[] = [];
    let databaseUp = true;
    let starts = 0;
    const supervised = await superviseRunner(
      'test',
      async () => {
        starts += 1;
        if (!databaseUp) throw new Error('connect ECONNREFUSED');
        const runner = fakeRunner();
        runners.push(runner);
        return runner;
      },
      fast,
    );
    expect(runners).toHaveLength(1);

    databaseUp = false;
    runners[0]!.die(new Error('Failed to release job; committing seppuku'));
    await expect.poll(() => starts, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    expect(runners).toHaveLength(1);
    databaseUp = true;
    await expect.poll(() => runners.length, { timeout: 2_000 }).toBe(2);

    await supervised.stop();
    expect(runners[1]!.stopped).toBe(true);
    const startsAtStop = starts;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(starts).toBe(startsAtStop);
  });

  it('stopping while it waits to start again ends the wait, and no runner is left behind', async () => {
    const runners: ReturnType<typeof fakeRunner>[] = [];
    let starts = 0;
    const supervised = await superviseRunner(
      'test',
      async () => {
        starts += 1;
        const runner = fakeRunner();
        runners.push(runner);
        return runner;
      },
      { firstMs: 60_000, maxMs: 60_000 },
    );
    runners[0]!.die(new Error('gone'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    await supervised.stop();
    await supervised.stopped;
    expect(starts).toBe(1);
  });
});
