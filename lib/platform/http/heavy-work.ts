// Owns the per-process bounds on heavy work (DESIGN "Tenant limits"): at most HEAVY_CONCURRENCY_PER_ORG requests of one
// heavy operation per organization at once, and EXPORT_CONCURRENCY_TOTAL streamed exports over every organization, so
// one tenant's burst cannot take the CPU or the database pool from the others. Counted in this process's memory on
// purpose: the CPU and the pool it protects are this process's too (N instances allow N times as many).
// The export places are shared fairly (#38 §4): an organization's first export needs only a free place, but a further
// one is taken only while at most half the places are busy — the other half stays for organizations running none, so
// a few tenants holding slow (or unread) exports can never lock the rest out.
import type { Operation } from '@/lib/platform/operations/operation';
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
const exportsByOrg = new Map<string, number>();
let exportsRunning = 0;

/**
 * Whether one more export of an organization already holding `held` fits: anyone's first while a place is free, a
 * further one only while it leaves at least half the places (rounded up) free for organizations that hold none.
 */
function exportPlaceFree(held: number, running: number, total: number): 'yes' | 'full' | 'fair_share' {
  if (running >= total) return 'full';
  if (held > 0 && running + 1 > Math.floor(total / 2)) return 'fair_share';
  return 'yes';
}

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
  const exportsHeld = exportsByOrg.get(orgId) ?? 0;
  const place = heavy.export ? exportPlaceFree(exportsHeld, exportsRunning, limits.exportsTotal) : 'yes';
  if (place === 'full') {
    throw refuse(
      'concurrency_limited',
      operation,
      context,
      'Too many exports are running on this server; retry shortly',
    );
  }
  if (place === 'fair_share') {
    throw refuse(
      'concurrency_limited',
      operation,
      context,
      'This organization already runs an export and the remaining places on this server are kept for others; retry when it ends',
    );
  }
  running.set(key, mine + 1);
  if (heavy.export) {
    exportsRunning += 1;
    exportsByOrg.set(orgId, exportsHeld + 1);
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else running.delete(key);
      if (heavy.export) {
        exportsRunning -= 1;
        const held = (exportsByOrg.get(orgId) ?? 1) - 1;
        if (held > 0) exportsByOrg.set(orgId, held);
        else exportsByOrg.delete(orgId);
      }
    },
  };
}

/** What runs now, for tests and metrics: by `operationId:orgId`, and the exports in all. */
export function heavyWorkRunning(): { byKey: Record<string, number>; exports: number } {
  return { byKey: Object.fromEntries(running), exports: exportsRunning };
}
