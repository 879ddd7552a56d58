// Owns running the queued password-reset jobs in a test, as the worker would (a reset request only queues one).
import { passwordResetEmailTask } from '@/lib/identity/server/account/password-reset-email-task';
import { takeJobs } from './queued-jobs';

/** Takes the queued reset jobs out of the queue (as a worker does) and returns their payloads, oldest first. */
export function takeQueuedResetJobs(): Promise<Record<string, unknown>[]> {
  return takeJobs({ taskIdentifier: passwordResetEmailTask.name });
}

/** Runs the given reset jobs' payloads once each, as the worker would. */
export async function runResetJobs(payloads: readonly Record<string, unknown>[]): Promise<void> {
  for (const payload of payloads)
    await passwordResetEmailTask.run(passwordResetEmailTask.payload.parse(payload), {} as never);
}

/** Takes each queued reset job and runs it once. */
export async function runQueuedResetJobs(): Promise<void> {
  await runResetJobs(await takeQueuedResetJobs());
}
