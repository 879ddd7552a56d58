// Owns who may manage webhook endpoints: an organization's admins in the portal, and its API keys (an integrator's
// setup script registers its endpoint, as with Stripe).
import type { Actor } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';

/**
 * The operations declare role `approver` (what API keys carry by default); a signed-in person must also be an admin,
 * because an endpoint decides where the organization's data is sent. A support view reads as an admin (and changes
 * nothing: the wrapper refuses its writes).
 */
export function assertCanManageWebhooks(actor: Actor): void {
  if (actor.via === 'session' && actor.role !== 'admin') {
    throw new ApiError('forbidden', 'Managing webhooks requires the admin role');
  }
}
