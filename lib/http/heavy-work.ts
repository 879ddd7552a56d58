// Owns the per-process bounds on heavy work (DESIGN "Tenant limits"): at most HEAVY_CONCURRENCY_PER_ORG requests of one
// heavy operation per organization at once, and EXPORT_CONCURRENCY_TOTAL streamed exports over every organization, so
// one tenant's burst cannot take the CPU or the database pool from the others. Counted in this process's memory on
// purpose: the CPU and the pool it protects are this process's too (N instances allow N times as many).
import type { Operation } from '@/lib/api/operation';
import { type RefusalContext, refuse } from './refusals';

export interface HeavyLimits {
  perOrganization: number;
  exportsTotal: number;
}

/** A place taken; releasing it twice is harmless (a stream may end by completing, failing and being cancelled). */
export interface HeavySlot {
  release(): void;
}

const running = new Map<string, number>();
let exportsRunning = 0;

/**
 * Takes a place for the request if the operation is heavy for this body, or answers 429 (`Retry-After`) when its
 * organization already runs the most it may (or, for an export, when the process does). Null when it is not heavy.
 */
export function takeHeavySlot(
  operation: Operation,
  orgId: string,
  body: unknown,
  limits: HeavyLimits,
  context: RefusalContext,
): HeavySlot | null {
  const heavy = operation.heavy;
  if (!heavy || (heavy.when && !heavy.when(body))) return null;
  const key = `${operation.id}:${orgId}`;
  const mine = running.get(key) ?? 0;
  if (mine >= limits.perOrganization) throw refuse('concurrency_limited', operation, context);
  if (heavy.export && exportsRunning >= limits.exportsTotal) {
    throw refuse(
      'concurrency_limited',
      operation,
      context,
      'Too many exports are running on this server; retry shortly',
    );
  }
  running.set(key, mine + 1);
  if (heavy.export) exportsRunning += 1;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else running.delete(key);
      if (heavy.export) exportsRunning -= 1;
    },
  };
}

/** What runs now, for tests and metrics: by `operationId:orgId`, and the exports in all. */
export function heavyWorkRunning(): { byKey: Record<string, number>; exports: number } {
  return { byKey: Object.fromEntries(running), exports: exportsRunning };
}
