// Owns an organization's settings (DESIGN "Notifications"): reading them and an admin's audited change. Approvals read
// `require_review_digest` and `requote_tolerance_percent` through `organizationSettings`; the low-balance notice reads
// its threshold the same way.
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import type {
  OrganizationSettingsUpdate,
  OrganizationSettingsWire,
} from '@/lib/identity/contract/organizations-schemas';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { AuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { dec, formatUsdt } from '@/lib/platform/money';

const fields = {
  requireReviewDigest: organizations.requireReviewDigest,
  requoteTolerancePercent: organizations.requoteTolerancePercent,
  lowBalanceThresholdUsdt: organizations.lowBalanceThresholdUsdt,
  updatedAt: organizations.updatedAt,
};

function toWire(row: {
  requireReviewDigest: boolean;
  requoteTolerancePercent: string;
  lowBalanceThresholdUsdt: string | null;
  updatedAt: Date;
}): OrganizationSettingsWire {
  return {
    require_review_digest: row.requireReviewDigest,
    // numeric(5,2) reads "1.00": the wire says the percentage as a person writes it ("1", "2.5").
    requote_tolerance_percent: dec(row.requoteTolerancePercent).toFixed(),
    low_balance_threshold_usdt:
      row.lowBalanceThresholdUsdt === null ? null : formatUsdt(row.lowBalanceThresholdUsdt),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getOrganizationSettings(
  executor: Executor,
  orgId: string,
): Promise<OrganizationSettingsWire> {
  const [row] = await executor.select(fields).from(organizations).where(eq(organizations.id, orgId));
  if (!row) throw ApiError.notFound('Organization');
  return toWire(row);
}

/**
 * Applies the named settings; the audit event lists each one that changed with its value before and after (none
 * changed: nothing recorded, the settings answered as they are).
 */
export async function updateOrganizationSettings(
  executor: Executor,
  input: { orgId: string; change: OrganizationSettingsUpdate; actor: AuditActor; requestId: string | null },
): Promise<OrganizationSettingsWire> {
  return executor.transaction(async (tx) => {
    const [row] = await tx
      .select(fields)
      .from(organizations)
      .where(eq(organizations.id, input.orgId))
      .for('update');
    if (!row) throw ApiError.notFound('Organization');
    const before = toWire(row);
    const { change } = input;
    const next = {
      requireReviewDigest: change.require_review_digest ?? row.requireReviewDigest,
      requoteTolerancePercent: change.requote_tolerance_percent ?? row.requoteTolerancePercent,
      lowBalanceThresholdUsdt:
        change.low_balance_threshold_usdt === undefined
          ? row.lowBalanceThresholdUsdt
          : change.low_balance_threshold_usdt,
    };
    const after = toWire({ ...next, updatedAt: row.updatedAt });
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of [
      'require_review_digest',
      'requote_tolerance_percent',
      'low_balance_threshold_usdt',
    ] as const) {
      if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
    }
    if (Object.keys(changes).length === 0) return before;
    const [updated] = await tx
      .update(organizations)
      .set(next)
      .where(eq(organizations.id, input.orgId))
      .returning(fields);
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'organization.settings_updated',
      actor: input.actor,
      subjectId: input.orgId,
      data: { changes },
      requestId: input.requestId,
    });
    return toWire(updated!);
  });
}
