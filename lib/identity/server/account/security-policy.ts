// Owns an organization's security policy: whether every member must sign in with a second factor.
import { and, count, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizationSecurityPolicies, userTwoFactor } from '@/db/schema/identity/account-security';
import { memberships } from '@/db/schema/identity/users';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { AuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { hasTwoFactor } from './two-factor';

export interface SecurityPolicyWire {
  require_two_factor: boolean;
  /** Members who still have to turn a second factor on (they cannot act for the organization until they do, when required). */
  members_without_two_factor: number;
}

export async function getSecurityPolicy(executor: Executor, orgId: string): Promise<SecurityPolicyWire> {
  const [[policy], [missing]] = await Promise.all([
    executor
      .select({ require: organizationSecurityPolicies.requireTwoFactor })
      .from(organizationSecurityPolicies)
      .where(eq(organizationSecurityPolicies.orgId, orgId)),
    executor
      .select({ n: count() })
      .from(memberships)
      .leftJoin(userTwoFactor, eq(userTwoFactor.userId, memberships.userId))
      .where(
        and(eq(memberships.orgId, orgId), or(isNull(userTwoFactor.userId), isNull(userTwoFactor.enabledAt))),
      ),
  ]);
  return { require_two_factor: policy?.require ?? false, members_without_two_factor: missing?.n ?? 0 };
}

export interface SetSecurityPolicyInput {
  orgId: string;
  userId: string;
  requireTwoFactor: boolean;
  actor: AuditActor;
  requestId?: string;
}

/**
 * Requires (or stops requiring) a second factor for everyone. The admin who turns it on must have one themselves,
 * so they cannot lock themselves out of the organization they are configuring.
 */
export async function setSecurityPolicy(
  executor: Executor,
  input: SetSecurityPolicyInput,
): Promise<SecurityPolicyWire> {
  if (input.requireTwoFactor && !(await hasTwoFactor(executor, input.userId))) {
    throw new ApiError('conflict', 'turn on two-factor authentication for your own account first', {
      code: 'two_factor_disabled',
    });
  }
  return executor.transaction(async (tx) => {
    const [previous] = await tx
      .select({ require: organizationSecurityPolicies.requireTwoFactor })
      .from(organizationSecurityPolicies)
      .where(eq(organizationSecurityPolicies.orgId, input.orgId))
      .for('update');
    if ((previous?.require ?? false) !== input.requireTwoFactor) {
      await tx
        .insert(organizationSecurityPolicies)
        .values({
          orgId: input.orgId,
          requireTwoFactor: input.requireTwoFactor,
          updatedByUserId: input.userId,
        })
        .onConflictDoUpdate({
          target: organizationSecurityPolicies.orgId,
          set: { requireTwoFactor: input.requireTwoFactor, updatedByUserId: input.userId },
        });
      await recordEvent(tx, {
        orgId: input.orgId,
        type: 'organization.two_factor_policy_changed',
        actor: input.actor,
        subjectId: input.orgId,
        data: { require_two_factor: input.requireTwoFactor },
        requestId: input.requestId ?? null,
      });
    }
    return getSecurityPolicy(tx, input.orgId);
  });
}

/** Whether the organization requires a second factor that this member has not turned on (they must before acting there). */
export async function mustEnrolTwoFactor(
  executor: Executor,
  orgId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ enabledAt: userTwoFactor.enabledAt })
    .from(organizationSecurityPolicies)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, userId))
    .where(
      and(
        eq(organizationSecurityPolicies.orgId, orgId),
        eq(organizationSecurityPolicies.requireTwoFactor, true),
      ),
    );
  return row !== undefined && !row.enabledAt;
}
