// Owns the support lead's corridor operations: opening a corridor (currency, limits, fees) and replacing its fee
// schedule, each checked against the fee rule of db/schema/pricing.ts with a clear message per broken rule before
// anything is written, and audited. Status and limits changes stay in pricing-console.ts (`updateCorridor`).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { corridors } from '@/db/schema/pricing';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { now } from '@/lib/platform/clock';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { dec } from '@/lib/platform/money/decimal';
import type {
  CorridorDetailWire,
  CorridorFeesBody,
  CreateCorridorBody,
} from '@/lib/pricing/contract/schemas';

type CorridorRow = typeof corridors.$inferSelect;

const plain = (value: string) => dec(value).toFixed();

export function toCorridorDetail(row: CorridorRow): CorridorDetailWire {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    status: row.status,
    min_amount: plain(row.minAmount),
    max_amount: plain(row.maxAmount),
    our_fee_fixed: plain(row.ourFeeFixed),
    our_fee_percent: plain(row.ourFeePercent),
    sha_fee_fixed: plain(row.shaFeeFixed),
    sha_fee_percent: plain(row.shaFeePercent),
    sha_sender_share: plain(row.shaSenderShare),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The rules the table's CHECKs enforce, said to the person who typed the numbers. */
function feeProblems(fees: CorridorFeesBody): FieldError[] {
  const problems: FieldError[] = [];
  const share = dec(fees.sha_sender_share);
  if (dec(fees.our_fee_fixed).lt(dec(fees.sha_fee_fixed).times(share)))
    problems.push({
      field: 'our_fee_fixed',
      code: 'invalid',
      message: `our_fee_fixed: must be at least the client's share of the SHA fixed fee (${dec(fees.sha_fee_fixed).times(share).toFixed()})`,
    });
  if (dec(fees.our_fee_percent).lt(dec(fees.sha_fee_percent).times(share)))
    problems.push({
      field: 'our_fee_percent',
      code: 'invalid',
      message: `our_fee_percent: must be at least the client's share of the SHA percentage (${dec(fees.sha_fee_percent).times(share).toFixed()})`,
    });
  return problems;
}

function limitProblems(minAmount: string, maxAmount: string): FieldError[] {
  const problems: FieldError[] = [];
  if (dec(minAmount).lte(0))
    problems.push({ field: 'min_amount', code: 'invalid', message: 'min_amount: must be greater than zero' });
  if (dec(minAmount).gt(maxAmount))
    problems.push({
      field: 'max_amount',
      code: 'invalid',
      message: 'max_amount: must not be below min_amount',
    });
  return problems;
}

const feeColumns = (fees: CorridorFeesBody) => ({
  ourFeeFixed: fees.our_fee_fixed,
  ourFeePercent: fees.our_fee_percent,
  shaFeeFixed: fees.sha_fee_fixed,
  shaFeePercent: fees.sha_fee_percent,
  shaSenderShare: fees.sha_sender_share,
});

const feeView = (row: CorridorRow): Record<string, string> => {
  const { our_fee_fixed, our_fee_percent, sha_fee_fixed, sha_fee_percent, sha_sender_share } =
    toCorridorDetail(row);
  return { our_fee_fixed, our_fee_percent, sha_fee_fixed, sha_fee_percent, sha_sender_share };
};

/** What the audit keeps of a new corridor besides its currency and status: its name, limits and fees. */
const AUDITED_DETAIL = [
  'name',
  'min_amount',
  'max_amount',
  'our_fee_fixed',
  'our_fee_percent',
  'sha_fee_fixed',
  'sha_fee_percent',
  'sha_sender_share',
] as const;

function detailData(detail: CorridorDetailWire): Record<string, string> {
  return Object.fromEntries(AUDITED_DETAIL.map((key) => [key, detail[key]]));
}

export async function listCorridorDetails(executor: Executor): Promise<CorridorDetailWire[]> {
  const rows = await executor.select().from(corridors).orderBy(asc(corridors.currency), asc(corridors.name));
  return rows.map(toCorridorDetail);
}

/** The advisory-lock class of opening a currency's active corridor (`corr`). */
const CORRIDOR_LOCK_CLASS = 0x636f7272;

/** Opens a corridor (ACTIVE unless asked otherwise); 409 when the currency already has an active one. */
export async function createCorridor(
  executor: Executor,
  actor: StaffActor,
  input: CreateCorridorBody,
): Promise<CorridorDetailWire> {
  assertNotViewing(actor);
  const problems = [...limitProblems(input.min_amount, input.max_amount), ...feeProblems(input)];
  if (problems.length > 0) throw ApiError.validation(problems);
  return executor.transaction(async (tx) => {
    const at = now();
    if (input.status === 'ACTIVE') {
      // Two leads opening the currency's first active corridor at once: the check below finds no row to lock, so the
      // currency's lock serializes them and the second gets this 409, not the unique index's error.
      await tx.execute(
        sql`select pg_advisory_xact_lock(${CORRIDOR_LOCK_CLASS}::int, hashtext(${input.currency}))`,
      );
      const [active] = await tx
        .select({ id: corridors.id })
        .from(corridors)
        .where(and(eq(corridors.currency, input.currency), eq(corridors.status, 'ACTIVE')))
        .for('update');
      if (active) throw new ApiError('conflict', `Another ${input.currency} corridor is already active`);
    }
    // Inserted with its status directly (openCorridor opens ACTIVE only): an INACTIVE one may sit beside the active one.
    const [row] = await tx
      .insert(corridors)
      .values({
        name: input.name,
        currency: input.currency,
        status: input.status,
        minAmount: input.min_amount,
        maxAmount: input.max_amount,
        ...feeColumns(input),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const detail = toCorridorDetail(row!);
    await recordEvent(tx, {
      orgId: null,
      type: 'corridor.created',
      actor: userAuditActor(actor.userId, true),
      subjectId: row!.id,
      data: { currency: detail.currency, status: detail.status, source: 'staff', ...detailData(detail) },
    });
    return detail;
  });
}

/** Replaces a corridor's fee schedule; quotes already made keep the fees they were computed with. */
export async function updateCorridorFees(
  executor: Executor,
  actor: StaffActor,
  corridorId: string,
  input: CorridorFeesBody,
): Promise<CorridorDetailWire> {
  assertNotViewing(actor);
  const problems = feeProblems(input);
  if (problems.length > 0) throw ApiError.validation(problems);
  return executor.transaction(async (tx) => {
    const [current] = await tx.select().from(corridors).where(eq(corridors.id, corridorId)).for('update');
    if (!current) throw ApiError.notFound('Corridor');
    const [row] = await tx
      .update(corridors)
      .set({ ...feeColumns(input), updatedAt: now() })
      .where(eq(corridors.id, corridorId))
      .returning();
    await recordEvent(tx, {
      orgId: null,
      type: 'corridor.fees_updated',
      actor: userAuditActor(actor.userId, true),
      subjectId: corridorId,
      data: { currency: current.currency, before: feeView(current), after: feeView(row!) },
    });
    return toCorridorDetail(row!);
  });
}
