// Owns who a payouts operation acts as: the organization, the user or API key (for maker-checker), and the audit actor.
import type { Actor } from '@/lib/auth/actor';
import { type AuditActor, auditActorOf, SYSTEM_ACTOR } from '@/lib/events/audit-actor';

export interface PayoutActor {
  orgId: string;
  userId: string | null;
  apiKeyId: string | null;
  /** The person for maker-checker (lib/auth/actor's `personId`); null for the system. */
  personId: string | null;
  audit: AuditActor;
  requestId: string | null;
}

export function payoutActor(actor: Actor, requestId: string | null): PayoutActor {
  return {
    orgId: actor.orgId,
    userId: actor.via === 'session' ? (actor.userId ?? null) : null,
    apiKeyId: actor.via === 'api_key' ? (actor.apiKeyId ?? null) : null,
    personId: actor.personId ?? actor.userId ?? actor.apiKeyId ?? null,
    audit: auditActorOf(actor),
    requestId,
  };
}

/** The worker, the expiry sweeps and the sandbox simulation act as the system. */
export function systemActor(orgId: string): PayoutActor {
  return {
    orgId,
    userId: null,
    apiKeyId: null,
    personId: null,
    audit: SYSTEM_ACTOR,
    requestId: null,
  };
}
