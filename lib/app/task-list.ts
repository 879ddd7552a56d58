// Owns the registry of background tasks: every task the worker runs, and the payload type each one accepts.
import type { TaskList } from 'graphile-worker';
import type { z } from 'zod';
import { withdrawalStepTask } from '@/lib/liquidity/server';
import { toGraphileTask } from './define-task';
import { drainWebhooksTask } from './tasks/drain-webhooks';
import { expireSupportViewsTask } from './tasks/expire-support-views';
import { passwordResetEmailTask } from './tasks/password-reset-email';
import { payoutsExpireFundingTask, payoutsSandboxStepTask } from './tasks/payouts';
import { purgeExpiredTask } from './tasks/purge-expired';
import { reviewProfileTask } from './tasks/review-profile';
import { runExpirySweepsTask } from './tasks/run-expiry-sweeps';
import { sweepWebhooksTask } from './tasks/sweep-webhooks';

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
