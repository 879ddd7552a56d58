// Owns the sandbox clock service: read an organization's clock, move it forward and run its expiry sweeps at once.
import type { Executor } from '@/db/client';
import { advanceOrganizationClock, organizationClock } from '@/lib/platform/clock';
import { type AuditActor, SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { runSweepsForOrganization } from '@/lib/platform/sweeps/run-sweeps';
import type { SandboxClockWire } from '@/lib/sandbox/contract/schemas';

export async function getSandboxClock(executor: Executor, orgId: string): Promise<SandboxClockWire> {
  const clock = await organizationClock(executor, orgId);
  return { now: clock.now.toISOString(), offset_seconds: clock.offsetSeconds };
}

export interface AdvanceSandboxClockInput {
  orgId: string;
  advanceSeconds: number;
  actor?: AuditActor;
  requestId?: string | null;
}

/**
 * Moves the clock and runs the organization's sweeps in one transaction, so the answer already reflects every expiry
 * the move caused (and a failed sweep leaves the clock where it was).
 */
export async function advanceSandboxClock(
  executor: Executor,
  input: AdvanceSandboxClockInput,
): Promise<SandboxClockWire> {
  return executor.transaction(async (tx) => {
    const clock = await advanceOrganizationClock(tx, input.orgId, input.advanceSeconds);
    const swept = await runSweepsForOrganization(tx, input.orgId, clock.now);
    const wire = { now: clock.now.toISOString(), offset_seconds: clock.offsetSeconds };
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'sandbox.clock_advanced',
      actor: input.actor ?? SYSTEM_ACTOR,
      subjectId: input.orgId,
      data: {
        advance_seconds: input.advanceSeconds,
        offset_seconds: clock.offsetSeconds,
        now: wire.now,
        swept,
      },
      requestId: input.requestId ?? null,
    });
    return wire;
  });
}
