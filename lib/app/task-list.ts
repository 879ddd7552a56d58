// Owns the list of background tasks: every area's tasks and platform's, so the worker runs them all and `enqueueJob`
// types each payload (the TaskRegister augmentation below). lib/app/register.ts provides the list to platform.
import { watchChainTask } from '@/lib/funding/server';
import { passwordResetEmailTask } from '@/lib/identity/server';
import { proveWithdrawalsTask, withdrawalStepTask } from '@/lib/liquidity/server';
import {
  payoutsExpireFundingTask,
  payoutsFundFromCustodyTask,
  payoutsSandboxStepTask,
} from '@/lib/payouts/server';
import { emailCheckSendingTask, emailSendTask } from '@/lib/platform/email/send-task';
import { probeAdaptersTask } from '@/lib/platform/health/probe-adapters-task';
import { purgeExpiredTask } from '@/lib/platform/jobs/purge-expired-task';
import { provideTasks } from '@/lib/platform/jobs/task-registry';
import { runExpirySweepsTask } from '@/lib/platform/sweeps/run-expiry-sweeps-task';
import { drainWebhooksTask } from '@/lib/platform/webhook-delivery/drain-task';
import { sweepWebhooksTask } from '@/lib/platform/webhook-delivery/sweep-task';
import { pollRatesFeedTask, thinFeedRatesTask } from '@/lib/pricing/server';
import { reviewProfileTask } from '@/lib/profiles/server';
import { expireSupportViewsTask } from '@/lib/support/server';

/** Add a task here (its area exports it from server/index.ts) and both the worker and `enqueueJob` know it. */
export const tasks = [
  purgeExpiredTask,
  runExpirySweepsTask,
  payoutsSandboxStepTask,
  payoutsExpireFundingTask,
  payoutsFundFromCustodyTask,
  reviewProfileTask,
  drainWebhooksTask,
  sweepWebhooksTask,
  withdrawalStepTask,
  expireSupportViewsTask,
  passwordResetEmailTask,
  emailSendTask,
  emailCheckSendingTask,
  probeAdaptersTask,
  pollRatesFeedTask,
  thinFeedRatesTask,
  watchChainTask,
  proveWithdrawalsTask,
] as const;

/** Tasks run by their own runner and pool of slots (webhook deliveries wait on other people's servers). */
export const WEBHOOK_TASKS: ReadonlySet<string> = new Set([drainWebhooksTask.name]);

provideTasks({ tasks, webhookTasks: WEBHOOK_TASKS });

declare module '@/lib/platform/jobs/task-registry' {
  /** Types enqueueJob's names and payloads by every task listed here. */
  interface TaskRegister {
    tasks: typeof tasks;
  }
}
