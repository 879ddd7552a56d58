// Owns keeping a graphile-worker runner alive in a long-lived process: a runner that ends by itself is replaced.
import type { Runner } from 'graphile-worker';
import { describeError, log } from '@/lib/platform/log';

export interface SupervisedRunner {
  /** Stops the current runner (or the wait for the next one). */
  stop(): Promise<void>;
  /** Settles once stopped. */
  stopped: Promise<void>;
}

/** Restart delays of a runner that died: from 1 s, doubling, to 30 s while the database stays away. */
const FIRST_RESTART_MS = 1_000;
const MAX_RESTART_MS = 30_000;

/**
 * Keeps a runner running. graphile-worker ends its pool when it cannot record a job's outcome (a PostgreSQL restart
 * drops every connection: "Failed to release job … committing seppuku"); the process must not be left without a
 * runner (the heartbeat would go on beating for a worker that runs nothing), so a new runner is started once the
 * database answers again. The first start's failure is the caller's.
 */
export async function superviseRunner(
  name: string,
  start: () => Promise<Pick<Runner, 'promise' | 'stop'>>,
  delays: { firstMs: number; maxMs: number } = { firstMs: FIRST_RESTART_MS, maxMs: MAX_RESTART_MS },
): Promise<SupervisedRunner> {
  let current = await start();
  let currentEnded = false;
  let stopping = false;
  let wake: (() => void) | undefined;
  let markStopped!: () => void;
  const stopped = new Promise<void>((resolve) => {
    markStopped = resolve;
  });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const restart = async (reason: unknown) => {
    log('error', `job runner "${name}" ended; starting a new one`, describeError(reason));
    let delay = delays.firstMs;
    while (!stopping) {
      await pause(delay);
      if (stopping) break;
      try {
        current = await start();
        currentEnded = false;
        log('info', `job runner "${name}" started again`);
        watch(current);
        // Stopped while it was starting: it ends at once (and `stopped` settles when it has).
        if (stopping) await current.stop().catch(() => {});
        return;
      } catch (error) {
        log('warn', `job runner "${name}" could not start yet`, describeError(error));
        delay = Math.min(delay * 2, delays.maxMs);
      }
    }
    markStopped();
  };
  const watch = (runner: Pick<Runner, 'promise'>) => {
    const ended = (reason: unknown) => {
      currentEnded = true;
      if (stopping) markStopped();
      else void restart(reason ?? new Error('the runner ended by itself'));
    };
    runner.promise.then(
      () => ended(undefined),
      (error: unknown) => ended(error),
    );
  };
  watch(current);
  return {
    stopped,
    stop: async () => {
      stopping = true;
      wake?.();
      // Between runners, the restart loop sees `stopping` (woken from its pause, or once its start settles) and
      // settles `stopped` itself.
      if (!currentEnded) await current.stop().catch(() => {});
      await stopped;
    },
  };
}
