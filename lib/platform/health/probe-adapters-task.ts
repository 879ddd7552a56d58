// Owns the health.probe-adapters task: each minute, every configured adapter's probe, cached for readiness.
import { z } from 'zod';
import { defineTask } from '@/lib/platform/jobs/define-task';
import { runAdapterProbes } from './adapter-probes';

export const probeAdaptersTask = defineTask({
  name: 'health.probe-adapters',
  // Cron adds `_cron` metadata to the payload; nothing else is expected.
  payload: z.looseObject({}),
  async run(_payload, helpers) {
    const results = await runAdapterProbes();
    const degraded = results.filter((result) => result.health.state === 'degraded');
    // The reasons are already safe (adapter-probes.ts); a degraded adapter is a warning, never a failed job.
    for (const { adapter, implementation, health } of degraded) {
      if (health.state === 'degraded')
        helpers.logger.warn(`${adapter} (${implementation}) degraded: ${health.reason}`);
    }
    helpers.logger.info(`probed ${results.length} adapter(s), ${degraded.length} degraded`);
  },
});
