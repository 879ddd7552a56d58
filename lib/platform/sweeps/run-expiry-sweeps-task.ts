// Owns the sweeps.expire task: runs every registered expiry sweep for every organization, each at its own clock.
import { z } from 'zod';
import { db } from '@/db/client';
import { runSweepsForAllOrganizations } from '@/lib/platform/sweeps/run-sweeps';
import { defineTask } from '../jobs/define-task';

export const runExpirySweepsTask = defineTask({
  name: 'sweeps.expire',
  // Cron adds `_cron` metadata to the payload; nothing else is expected.
  payload: z.looseObject({}),
  async run(_payload, helpers) {
    const totals = await runSweepsForAllOrganizations(db());
    const changed = Object.entries(totals).filter(([, count]) => count > 0);
    if (changed.length > 0) {
      helpers.logger.info(`expired ${changed.map(([name, count]) => `${count} (${name})`).join(', ')}`);
    }
  },
});
