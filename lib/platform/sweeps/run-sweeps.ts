// Owns running the expiry sweeps: for one organization (the sandbox clock) or for every organization (the cron job).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { organizationNow } from '@/lib/platform/clock';
import { metrics } from '@/lib/platform/metrics/counters';
import { defineRegistry } from '@/lib/platform/registry';
import type { ExpirySweep } from './define-sweep';

/** Every area's sweeps, listed by the composition root (lib/app/sweep-list.ts) and provided at start-up. */
const sweepRegistry = defineRegistry<readonly ExpirySweep[]>('sweep list');
export const provideSweeps = sweepRegistry.provide;

const extra = new Map<string, ExpirySweep>();

/**
 * Adds a sweep at run time and answers a function that removes it. For tests; domain sweeps belong in
 * lib/app/sweep-list.ts, so every process (server, worker) has them.
 */
export function registerSweep(sweep: ExpirySweep): () => void {
  if (extra.has(sweep.name) || sweepRegistry.read().some((listed) => listed.name === sweep.name)) {
    throw new Error(`sweep "${sweep.name}" is already registered`);
  }
  extra.set(sweep.name, sweep);
  return () => {
    if (extra.get(sweep.name) === sweep) extra.delete(sweep.name);
  };
}

export function registeredSweeps(): ExpirySweep[] {
  return [...sweepRegistry.read(), ...extra.values()];
}

/** What each sweep changed, by name. */
export type SweepCounts = Record<string, number>;

/**
 * Runs every sweep for one organization, in the caller's transaction, at the organization's clock (or at `at`, the
 * instant the caller already read from it, so its answer and the sweeps agree).
 */
export async function runSweepsForOrganization(tx: Executor, orgId: string, at?: Date): Promise<SweepCounts> {
  const now = at ?? (await organizationNow(tx, orgId));
  const counts: SweepCounts = {};
  const { sweepRuns, sweepChanges } = metrics();
  for (const sweep of registeredSweeps()) {
    counts[sweep.name] = await sweep.run(tx, { orgId, now });
    sweepRuns.inc({ sweep: sweep.name });
    sweepChanges.inc({ sweep: sweep.name }, counts[sweep.name]);
  }
  return counts;
}

/**
 * Runs every sweep for every active organization, one transaction per organization so one failure or a long sweep
 * never holds the others back. Answers the total changed per sweep.
 */
export async function runSweepsForAllOrganizations(executor: Executor): Promise<SweepCounts> {
  const totals: SweepCounts = {};
  if (registeredSweeps().length === 0) return totals;
  const orgs = await executor
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.status, 'active'))
    .orderBy(asc(organizations.id));
  for (const org of orgs) {
    const counts = await executor.transaction((tx) => runSweepsForOrganization(tx, org.id));
    for (const [name, count] of Object.entries(counts)) totals[name] = (totals[name] ?? 0) + count;
  }
  return totals;
}
