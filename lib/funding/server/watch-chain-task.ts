// Owns the funding.watch-chain task (CUSTODY_ADAPTER=evm): passes of the deposit watcher until it has caught up with
// the head, then itself again after CUSTODY_POLL_SECONDS; the worker's cron starts it each minute in case a run was
// lost. Without a watched chain it does nothing.
import { z } from 'zod';
import { db } from '@/db/client';
import { env } from '@/lib/platform/env';
import { defineTask } from '@/lib/platform/jobs/define-task';
import { enqueueJob } from '@/lib/platform/jobs/enqueue';
import { describeError, log } from '@/lib/platform/log';
import { watchChainOnce } from './chain-watcher';

/** Passes one run makes at most (a long catch-up continues in the next run, so other jobs get their turn). */
const PASSES_PER_RUN = 20;

export const WATCH_CHAIN_JOB_KEY = 'funding.watch-chain';

export const watchChainTask = defineTask({
  name: 'funding.watch-chain',
  // Cron adds `_cron` metadata to the payload; nothing else is expected.
  payload: z.looseObject({}),
  async run() {
    let again = env().CUSTODY_POLL_SECONDS;
    try {
      for (let pass = 0; pass < PASSES_PER_RUN; pass += 1) {
        const outcome = await watchChainOnce(db());
        if (outcome.outcome === 'not_watching') return;
        if (outcome.outcome === 'busy' || outcome.caughtUp) break;
        // Behind: the next run comes at once.
        if (pass === PASSES_PER_RUN - 1) again = 0;
      }
    } catch (error) {
      // An RPC error or timeout: nothing of the pass was kept; look again later (the RPC errors metric counts them).
      log('warn', 'custody: chain watch pass failed; retried at the next run', describeError(error));
    }
    await enqueueJob(
      db(),
      'funding.watch-chain',
      {},
      {
        runAt: new Date(Date.now() + again * 1000),
        jobKey: WATCH_CHAIN_JOB_KEY,
        maxAttempts: 1,
      },
    );
  },
});
