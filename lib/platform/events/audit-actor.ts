// Owns the audit actor: who an event names as its cause, made once from the request's actor (or the system).
import type { ActorType } from '@/db/schema/platform/events';
import type { Principal } from '@/lib/platform/actor/actor';

/** Stored with every event. A support user acting in a view is `staff` with the view's session id. */
export interface AuditActor {
  readonly actorType: ActorType;
  /** User, API key or staff id; null for the system. */
  readonly actorId: string | null;
  /** Set when a support user acted while viewing as the organization. */
  readonly impersonationSessionId: string | null;
}

export const SYSTEM_ACTOR: AuditActor = Object.freeze({
  actorType: 'system',
  actorId: null,
  impersonationSessionId: null,
});

/** The audit actor of a request: the staff member behind a view, else the API key or the signed-in user. */
export function auditActorOf(actor: Principal): AuditActor {
  if (actor.impersonation) {
    return {
      actorType: 'staff',
      actorId: actor.impersonation.staffUserId,
      impersonationSessionId: actor.impersonation.sessionId,
    };
  }
  if (actor.via === 'api_key') {
    return { actorType: 'api_key', actorId: actor.apiKeyId ?? null, impersonationSessionId: null };
  }
  return {
    actorType: actor.staffRole ? 'staff' : 'user',
    actorId: actor.userId ?? null,
    impersonationSessionId: null,
  };
}

/** A user (or staff member, outside any view) acting for themselves: sign-in, the demo seed's story. */
export function userAuditActor(userId: string, staff = false): AuditActor {
  return { actorType: staff ? 'staff' : 'user', actorId: userId, impersonationSessionId: null };
}

export function apiKeyAuditActor(apiKeyId: string): AuditActor {
  return { actorType: 'api_key', actorId: apiKeyId, impersonationSessionId: null };
}
