// Owns the registry of background tasks: every task the worker runs, and the payload type each one accepts.
import type { TaskList } from 'graphile-worker';
import type { z } from 'zod';
import { passwordResetEmailTask } from '@/lib/identity/server';
import { withdrawalStepTask } from '@/lib/liquidity/server';
import { payoutsExpireFundingTask, payoutsSandboxStepTask } from '@/lib/payouts/server';
import { reviewProfileTask } from '@/lib/profiles/server';
import { expireSupportViewsTask } from '@/lib/support/server';
import { toGraphileTask } from '../platform/jobs/define-task';
import { purgeExpiredTask } from '../platform/jobs/purge-expired-task';
import { runExpirySweepsTask } from '../platform/sweeps/run-expiry-sweeps-task';
import { drainWebhooksTask } from '../platform/webhook-delivery/drain-task';
import { sweepWebhooksTask } from '../platform/webhook-delivery/sweep-task';

/** Add a task here (one file per task under ./tasks) and both the worker and `enqueueJob` know it. */
export const tasks = [
  purgeExpiredTask,
  runExpirySweepsTask,
  payoutsSandboxStepTask,
  payoutsExpireFundingTask,
  reviewProfileTask,
  drainWebhooksTask,
  sweepWebhooksTask,
  withdrawalStepTask,
  expireSupportViewsTask,
  passwordResetEmailTask,
] as const;

/** Tasks run by their own runner and pool of slots (webhook deliveries wait on other people's servers). */
export const WEBHOOK_TASKS: ReadonlySet<string> = new Set([drainWebhooksTask.name]);

type AnyTask = (typeof tasks)[number];
export type TaskName = AnyTask['name'];
export type TaskPayload<Name extends TaskName> = z.input<Extract<AnyTask, { name: Name }>['payload']>;

/** The graphile task list: every task, or only the webhook ones / only the others. */
export function taskList(only: 'all' | 'webhooks' | 'general' = 'all'): TaskList {
  const selected = tasks.filter(
    (task) => only === 'all' || (only === 'webhooks') === WEBHOOK_TASKS.has(task.name),
  );
  return Object.fromEntries(selected.map((task) => [task.name, toGraphileTask(task)]));
}
