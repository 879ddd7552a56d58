// Owns "now": the only place code reads time — real time for security deadlines, each organization's sandbox clock
// for business deadlines.
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { isSandbox } from '@/lib/platform/env';

let offsetMs = 0;
let frozenAt: number | undefined;

/**
 * Real time, for security deadlines: token lifetimes, sessions, idempotency, rate windows. Never moved by the sandbox
 * clock (only, in-process, by the test helpers below).
 */
export function now(): Date {
  return new Date(frozenAt ?? Date.now() + offsetMs);
}

export function nowSeconds(): number {
  return Math.floor(now().getTime() / 1000);
}

/** Test-only: shift this process's real-time clock forward (or back) by `ms`. */
export function advanceClock(ms: number): void {
  if (frozenAt !== undefined) frozenAt += ms;
  else offsetMs += ms;
}

/** Test-only: pin this process's real-time clock at one instant until `resetClock`. */
export function freezeClock(at: Date): void {
  frozenAt = at.getTime();
}

export function resetClock(): void {
  offsetMs = 0;
  frozenAt = undefined;
}

/** The organization's sandbox clock at real instant `real`: the offset is stored in the database, so every process agrees. */
export function organizationTime(real: Date, offsetSeconds: number): Date {
  return new Date(real.getTime() + offsetSeconds * 1000);
}

/**
 * Business time of an organization (quote expiry, funding windows, draft expiry): real time plus its sandbox clock
 * offset. In production the offset is always 0 and no query is made.
 */
export async function organizationNow(executor: Executor, orgId: string): Promise<Date> {
  return (await organizationClock(executor, orgId)).now;
}

const replayedAt = new AsyncLocalStorage<Date>();

/**
 * "Now" for an organization's business records and public events (DESIGN "Time bases": orders, batches, deposits,
 * withdrawals, wallets, the ledger, their deadlines): its sandbox clock (real time in production), or the moment a
 * replay names (`atBusinessTime`).
 */
export async function businessNow(executor: Executor, orgId: string): Promise<Date> {
  return replayedAt.getStore() ?? organizationNow(executor, orgId);
}

/**
 * Runs `fn` as if it happened at `at` (only the services called inside see it): the demo seed creates, confirms and
 * advances its batches through the real services at the moments of its story.
 */
export function atBusinessTime<T>(at: Date, fn: () => Promise<T>): Promise<T> {
  return replayedAt.run(at, fn);
}

/** The organization's business time and how far ahead of real time it is. */
export async function organizationClock(
  executor: Executor,
  orgId: string,
): Promise<{ now: Date; offsetSeconds: number }> {
  if (!isSandbox()) return { now: now(), offsetSeconds: 0 };
  const [row] = await executor
    .select({ offset: organizations.sandboxClockOffsetSeconds })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  const offsetSeconds = row?.offset ?? 0;
  return { now: organizationTime(now(), offsetSeconds), offsetSeconds };
}

/**
 * Moves an organization's sandbox clock forward by `seconds` (never back) and answers its new time. Refuses outside
 * sandbox mode: production time is real time. Callers run the expiry sweeps afterwards (lib/platform/sweeps).
 */
export async function advanceOrganizationClock(
  executor: Executor,
  orgId: string,
  seconds: number,
): Promise<{ now: Date; offsetSeconds: number }> {
  if (!isSandbox()) throw new Error('the sandbox clock cannot be moved outside APP_ENV=sandbox');
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new Error('the sandbox clock only moves forward');
  const [row] = await executor
    .update(organizations)
    .set({ sandboxClockOffsetSeconds: sql`${organizations.sandboxClockOffsetSeconds} + ${seconds}` })
    .where(eq(organizations.id, orgId))
    .returning({ offset: organizations.sandboxClockOffsetSeconds });
  if (!row) throw new Error(`no organization ${orgId}`);
  return { now: organizationTime(now(), row.offset), offsetSeconds: row.offset };
}
