// Owns who may manage webhook endpoints: an organization's admins in the portal, and its API keys (an integrator's
// setup script registers its endpoint, as with Stripe).
import type { Actor } from '@/lib/auth/actor';
import { ApiError } from '@/lib/http/errors';

/**
 * The operations declare role `approver` (what API keys carry by default); a signed-in person must also be an admin,
 * because an endpoint decides where the organization's data is sent.
 */
export function assertCanManageWebhooks(actor: Actor): void {
  if (actor.via === 'session' && actor.role !== 'admin' && !actor.impersonation) {
    throw new ApiError('forbidden', 'Managing webhooks requires the admin role');
  }
}
