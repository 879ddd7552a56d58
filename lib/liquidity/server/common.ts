// Owns what the liquidity services share: who acted and ids made at a given time. (A path id that is not a UUID is
// the wrapper's `not_found`: lib/platform/http/handle.ts refuses it before any service runs.)
import { v7 as uuidv7 } from 'uuid';
import type { Actor } from '@/lib/platform/actor/actor';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type AuditActor, SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { newId } from '@/lib/platform/ids';

export { type AuditActor, SYSTEM_ACTOR };

/** A UUIDv7 whose time part is `at` (history written by the seed), else a fresh one. */
export function idFor(at: Date | undefined): string {
  return at ? uuidv7({ msecs: at.getTime() }) : newId();
}

/** The signed-in user behind a session-only decision (approve, reject); never an API key. */
export function signedInUserOf(actor: Actor): string {
  if (actor.via === 'session' && actor.userId) return actor.userId;
  throw new ApiError('forbidden', 'Only a signed-in approver can decide this, never an API key');
}
