// Owns the support console's read-only rule: while a staff session is viewing an organization, the console changes
// nothing either (a decision, a price or a loan made "from inside" a client's view is the accident the view prevents);
// and what the view's audit trail keeps of each request it answers (the pipeline hands it to support to record).
import type { StaffActor } from '@/lib/platform/actor/actor';
import { ApiError } from '@/lib/platform/errors/api-error';

export const VIEW_ACTIVE_MESSAGE =
  'This session is in a read-only support view: exit the view before changing anything in the console';

export function assertNotViewing(actor: StaffActor): void {
  if (actor.impersonation) throw new ApiError('forbidden', VIEW_ACTIVE_MESSAGE);
}

/** One request answered under a support view, for the view's audit trail. */
export interface ViewRead {
  orgId: string;
  staffUserId: string;
  viewId: string;
  method: string;
  path: string;
  operation: string;
  status: number;
  requestId: string;
}
