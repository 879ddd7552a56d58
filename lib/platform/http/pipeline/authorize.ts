// Owns whether an authenticated principal may call an operation: audience first (who may know the operation exists),
// then the organization's rules — read-only view, entitlement, role, session role.
import type { Principal } from '@/lib/platform/actor/actor';
import { DEFAULT_STAFF_ROLES, holdsStaffRole, roleAtLeast } from '@/lib/platform/actor/roles';
import {
  audienceOf,
  isSessionOnly,
  type Operation,
  STATE_CHANGING_METHODS,
  sessionRoleOf,
} from '@/lib/platform/operations/operation';
import { type RefusalContext, refuse } from '../refusals';

function isEntitled(
  entitlements: readonly string[],
  required: NonNullable<Operation['entitlement']>,
): boolean {
  return required === 'any' ? entitlements.length > 0 : entitlements.includes(required);
}

/**
 * Keys never reach `user`, `staff` or session-only operations; client users never reach staff ones; a support view
 * reads as the organization's admin and changes nothing through `org` operations.
 */
export function authorize(
  operation: Operation,
  principal: Principal,
  method: string,
  context: RefusalContext,
): void {
  const audience = audienceOf(operation);
  if (isSessionOnly(operation) && principal.via !== 'session')
    throw refuse('not_for_keys', operation, context);
  if (audience === 'staff') {
    if (!principal.staffRole) throw refuse('not_for_keys', operation, context);
    if (
      !holdsStaffRole(
        principal.staffRoles ?? [principal.staffRole],
        operation.staffRoles ?? DEFAULT_STAFF_ROLES,
      )
    ) {
      throw refuse('staff_role', operation, context);
    }
    return;
  }
  if (audience === 'user') {
    // A view reads the organization as its admin, never as the person: the staff member's own user-level
    // operations (the sandbox outbox once handed out an invitation link) wait until the view ends.
    if (principal.impersonation) throw refuse('user_operation_in_view', operation, context);
    return;
  }
  if (!principal.orgId || !principal.role) throw refuse('no_organization', operation, context);
  if (principal.impersonation && STATE_CHANGING_METHODS.has(method)) {
    throw refuse('read_only_view', operation, context);
  }
  if (operation.entitlement && !isEntitled(principal.entitlements, operation.entitlement)) {
    throw refuse('entitlement', operation, context);
  }
  if (operation.role && !roleAtLeast(principal.role, operation.role))
    throw refuse('role', operation, context);
  if (
    operation.sessionRole &&
    principal.via === 'session' &&
    !roleAtLeast(principal.role, sessionRoleOf(operation))
  )
    throw refuse('session_role', operation, context);
}
