// Owns who a payouts operation acts as: the organization, the user or API key (for maker-checker), and the audit actor.
import type { ActorType } from '@/db/schema/events';
import { type Actor, auditActor } from '@/lib/auth/actor';

export interface PayoutActor {
  orgId: string;
  userId: string | null;
  apiKeyId: string | null;
  audit: { actorType: ActorType; actorId: string | null; impersonationSessionId: string | null };
  requestId: string | null;
}

export function payoutActor(actor: Actor, requestId: string | null): PayoutActor {
  return {
    orgId: actor.orgId,
    userId: actor.via === 'session' ? (actor.userId ?? null) : null,
    apiKeyId: actor.via === 'api_key' ? (actor.apiKeyId ?? null) : null,
    audit: { ...auditActor(actor), impersonationSessionId: actor.impersonation?.sessionId ?? null },
    requestId,
  };
}

/** The worker, the expiry sweeps and the sandbox simulation act as the system. */
export function systemActor(orgId: string): PayoutActor {
  return {
    orgId,
    userId: null,
    apiKeyId: null,
    audit: { actorType: 'system', actorId: null, impersonationSessionId: null },
    requestId: null,
  };
}
