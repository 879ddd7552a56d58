// Owns the registry of background tasks: every task the worker runs, and the payload type each one accepts.
import type { TaskList } from 'graphile-worker';
import type { z } from 'zod';
import { toGraphileTask } from './define-task';
import { payoutsExpireFundingTask, payoutsSandboxStepTask } from './tasks/payouts';
import { purgeExpiredTask } from './tasks/purge-expired';
import { runExpirySweepsTask } from './tasks/run-expiry-sweeps';

/** Add a task here (one file per task under ./tasks) and both the worker and `enqueueJob` know it. */
export const tasks = [
  purgeExpiredTask,
  runExpirySweepsTask,
  payoutsSandboxStepTask,
  payoutsExpireFundingTask,
] as const;

type AnyTask = (typeof tasks)[number];
export type TaskName = AnyTask['name'];
export type TaskPayload<Name extends TaskName> = z.input<Extract<AnyTask, { name: Name }>['payload']>;

export function taskList(): TaskList {
  return Object.fromEntries(tasks.map((task) => [task.name, toGraphileTask(task)]));
}
