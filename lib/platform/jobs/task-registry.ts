// Owns the background tasks as platform sees them. The composition root lists every area's tasks (lib/app/task-list.ts)
// and provides them at start-up (lib/app/register.ts); their names and payload types arrive by declaration merging
// (`TaskRegister`), so `enqueueJob` type-checks payloads without platform importing an area.
import type { TaskList } from 'graphile-worker';
import type { z } from 'zod';
import { defineRegistry } from '@/lib/platform/registry';
import { type JobTask, toGraphileTask } from './define-task';

/** Filled in by lib/app/task-list.ts: `interface TaskRegister { tasks: typeof tasks }`. */
// biome-ignore lint/suspicious/noEmptyInterface: declaration merging fills it from the composition root
export interface TaskRegister {}

type AnyTask = TaskRegister extends { tasks: readonly (infer Task)[] } ? Task : JobTask<string, z.ZodType>;
export type TaskName = AnyTask extends { name: infer Name extends string } ? Name : string;
export type TaskPayload<Name extends TaskName> = z.input<Extract<AnyTask, { name: Name }>['payload']>;

interface ProvidedTasks {
  tasks: readonly JobTask<string, z.ZodType>[];
  /** Tasks run by their own runner and pool of slots (webhook deliveries wait on other people's servers). */
  webhookTasks: ReadonlySet<string>;
}

const registry = defineRegistry<ProvidedTasks>('task list');

export const provideTasks = registry.provide;

/** The graphile task list: every task, or only the webhook ones / only the others. */
export function taskList(only: 'all' | 'webhooks' | 'general' = 'all'): TaskList {
  const { tasks, webhookTasks } = registry.read();
  const selected = tasks.filter(
    (task) => only === 'all' || (only === 'webhooks') === webhookTasks.has(task.name),
  );
  return Object.fromEntries(selected.map((task) => [task.name, toGraphileTask(task)]));
}
