// Owns the one actor type services take (DESIGN "Maker-checker counts people"): the organization acted for, the
// user or API key behind the request, the person they count as for maker-checker, the audit name (with the support
// view it acted under) and the request id — made once from the request's actor, or for the system.

import type { Actor } from '@/lib/platform/actor/actor';
import { type AuditActor, auditActorOf, SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';

export interface ServiceActor {
  orgId: string;
  /** The signed-in user (sessions only). */
  userId: string | null;
  /** The API key (keys only). */
  apiKeyId: string | null;
  /** The person for maker-checker: a session's user, a key's creator, or a creator-less key itself; null for the system. */
  personId: string | null;
  audit: AuditActor;
  requestId: string | null;
}

export function serviceActor(actor: Actor, requestId: string | null = null): ServiceActor {
  return {
    orgId: actor.orgId,
    userId: actor.via === 'session' ? (actor.userId ?? null) : null,
    apiKeyId: actor.via === 'api_key' ? (actor.apiKeyId ?? null) : null,
    personId: actor.personId ?? actor.userId ?? actor.apiKeyId ?? null,
    audit: auditActorOf(actor),
    requestId,
  };
}

/** The worker, the expiry sweeps, the sandbox simulation, the seed and bootstrap act as the system. */
export function systemActor(orgId: string): ServiceActor {
  return { orgId, userId: null, apiKeyId: null, personId: null, audit: SYSTEM_ACTOR, requestId: null };
}

/** Who asked (a withdrawal records one of them): the signed-in user or the API key. */
export function requesterOf(actor: ServiceActor): { userId: string } | { apiKeyId: string } {
  if (actor.apiKeyId) return { apiKeyId: actor.apiKeyId };
  if (actor.userId) return { userId: actor.userId };
  throw new Error('a request needs a user or an API key behind it');
}
