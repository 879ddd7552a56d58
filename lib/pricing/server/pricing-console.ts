// Owns the support lead's pricing console: FX rates, corridor status and limits, organization margins. Every change
// is an audited event. Quotes snapshot what they used (order_quotes), and rates are appended, never edited, so a
// change here never alters an existing quote: only quotes made afterwards see it.
import { and, asc, desc, eq, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { corridors, fxRates, organizationMargins } from '@/db/schema/pricing';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { adapterSetting } from '@/lib/platform/adapters/registry';
import { now } from '@/lib/platform/clock';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { type AuditActor, userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { dec } from '@/lib/platform/money/decimal';
import type {
  pricingSchema,
  publishRateBody,
  setMarginBody,
  updateCorridorBody,
} from '@/lib/support/contract/schemas';

type Pricing = z.input<typeof pricingSchema>;

/** Trailing zeros off a numeric column's text ("0.921000000000" → "0.921"), never through a JS number. */
function plain(value: string): string {
  return dec(value).toFixed();
}

export async function getPricing(executor: Executor): Promise<Pricing> {
  const at = now();
  const [rates, corridorRows, margins] = await Promise.all([
    executor
      .selectDistinctOn([fxRates.currency])
      .from(fxRates)
      .where(lte(fxRates.effectiveAt, at))
      .orderBy(asc(fxRates.currency), desc(fxRates.effectiveAt)),
    executor.select().from(corridors).orderBy(asc(corridors.currency), asc(corridors.name)),
    executor
      .select({ margin: organizationMargins, orgName: organizations.name })
      .from(organizationMargins)
      .innerJoin(organizations, eq(organizations.id, organizationMargins.orgId))
      .orderBy(asc(organizations.name), asc(organizationMargins.currency)),
  ]);
  return {
    rates: rates.map((rate) => ({
      currency: rate.currency,
      units_per_usdt: plain(rate.unitsPerUsdt),
      source: rate.source,
      effective_at: rate.effectiveAt.toISOString(),
    })),
    corridors: corridorRows.map((corridor) => ({
      id: corridor.id,
      name: corridor.name,
      currency: corridor.currency,
      status: corridor.status,
      min_amount: plain(corridor.minAmount),
      max_amount: plain(corridor.maxAmount),
    })),
    margins: margins.map(({ margin, orgName }) => ({
      org_id: margin.orgId,
      org_name: orgName,
      currency: margin.currency,
      margin_bps: plain(margin.marginBps),
      updated_at: margin.updatedAt.toISOString(),
    })),
  };
}

/**
 * Appends a rate effective `at` and records `fx_rate.published` with the rate it follows: the one way a rate enters
 * the history, for the staff console (`publishRate`) and the demo seed alike.
 */
export async function appendRate(
  tx: Executor,
  input: {
    currency: string;
    unitsPerUsdt: string;
    source: string;
    at: Date;
    actor: AuditActor;
    createdByUserId: string | null;
  },
): Promise<typeof fxRates.$inferSelect> {
  const [previous] = await tx
    .select()
    .from(fxRates)
    .where(and(eq(fxRates.currency, input.currency), lte(fxRates.effectiveAt, input.at)))
    .orderBy(desc(fxRates.effectiveAt))
    .limit(1);
  const [row] = await tx
    .insert(fxRates)
    .values({
      currency: input.currency,
      unitsPerUsdt: input.unitsPerUsdt,
      source: input.source,
      effectiveAt: input.at,
      createdByUserId: input.createdByUserId,
      createdAt: input.at,
    })
    .returning();
  await recordEvent(tx, {
    orgId: null,
    type: 'fx_rate.published',
    actor: input.actor,
    subjectId: row!.id,
    data: {
      currency: input.currency,
      source: input.source,
      units_per_usdt: plain(input.unitsPerUsdt),
      previous_units_per_usdt: previous ? plain(previous.unitsPerUsdt) : null,
    },
  });
  return row!;
}

/** Publishes a new rate, effective now; the previous one stays in the history (quotes made with it keep it). */
export async function publishRate(
  executor: Executor,
  actor: StaffActor,
  input: z.output<typeof publishRateBody>,
): Promise<Pricing['rates'][number]> {
  assertNotViewing(actor);
  // With a production rate source, quotes read only the treasury sheet or the feed: a single rate published here
  // would change nothing a client is quoted, so it is refused rather than silently ignored.
  const source = adapterSetting('rates');
  if (source !== 'sandbox')
    throw new ApiError(
      'conflict',
      source === 'manual'
        ? 'Rates come from the treasury rate sheet (RATES_ADAPTER=manual): publish a sheet on the Rates page'
        : 'Rates come from the rates feed (RATES_ADAPTER=http): they cannot be published by hand',
      { code: 'invalid_state' },
    );
  return executor.transaction(async (tx) => {
    const row = await appendRate(tx, {
      currency: input.currency,
      unitsPerUsdt: input.units_per_usdt,
      source: 'staff',
      at: now(),
      actor: userAuditActor(actor.userId, true),
      createdByUserId: actor.userId,
    });
    return {
      currency: row.currency,
      units_per_usdt: plain(row.unitsPerUsdt),
      source: row.source,
      effective_at: row.effectiveAt.toISOString(),
    };
  });
}

/** Opens an ACTIVE corridor and records `corridor.created` (the demo seed's corridors; staff then change them). */
export async function openCorridor(
  tx: Executor,
  input: Pick<
    typeof corridors.$inferInsert,
    | 'name'
    | 'currency'
    | 'minAmount'
    | 'maxAmount'
    | 'ourFeeFixed'
    | 'ourFeePercent'
    | 'shaFeeFixed'
    | 'shaFeePercent'
    | 'shaSenderShare'
  >,
  options: { at: Date; actor: AuditActor; source: string },
): Promise<typeof corridors.$inferSelect> {
  const [row] = await tx
    .insert(corridors)
    .values({ ...input, status: 'ACTIVE', createdAt: options.at, updatedAt: options.at })
    .returning();
  if (!row) throw new Error(`corridor ${input.currency} was not created`);
  await recordEvent(tx, {
    orgId: null,
    type: 'corridor.created',
    actor: options.actor,
    subjectId: row.id,
    data: { currency: row.currency, status: row.status, source: options.source },
  });
  return row;
}

/** Changes a corridor's status or limits. Quotes already made keep the limits they were checked against. */
export async function updateCorridor(
  executor: Executor,
  actor: StaffActor,
  corridorId: string,
  input: z.output<typeof updateCorridorBody>,
): Promise<Pricing['corridors'][number]> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const [current] = await tx.select().from(corridors).where(eq(corridors.id, corridorId)).for('update');
    if (!current) throw ApiError.notFound('Corridor');
    const next = {
      status: input.status ?? current.status,
      minAmount: input.min_amount ?? current.minAmount,
      maxAmount: input.max_amount ?? current.maxAmount,
    };
    const problems: FieldError[] = [];
    if (dec(next.minAmount).lte(0))
      problems.push({
        field: 'min_amount',
        code: 'invalid',
        message: 'min_amount: must be greater than zero',
      });
    if (dec(next.minAmount).gt(next.maxAmount))
      problems.push({
        field: 'max_amount',
        code: 'invalid',
        message: 'max_amount: must not be below min_amount',
      });
    if (problems.length > 0) throw ApiError.validation(problems);
    if (next.status === 'ACTIVE' && current.status !== 'ACTIVE') {
      const [active] = await tx
        .select({ id: corridors.id })
        .from(corridors)
        .where(and(eq(corridors.currency, current.currency), eq(corridors.status, 'ACTIVE')));
      if (active) throw new ApiError('conflict', `Another ${current.currency} corridor is already active`);
    }
    const [row] = await tx
      .update(corridors)
      .set({ ...next, updatedAt: now() })
      .where(eq(corridors.id, corridorId))
      .returning();
    const view = (c: typeof current) => ({
      status: c.status,
      min_amount: plain(c.minAmount),
      max_amount: plain(c.maxAmount),
    });
    await recordEvent(tx, {
      orgId: null,
      type: 'corridor.updated',
      actor: userAuditActor(actor.userId, true),
      subjectId: corridorId,
      data: { currency: current.currency, before: view(current), after: view(row!) },
    });
    return {
      id: row!.id,
      name: row!.name,
      currency: row!.currency,
      ...view(row!),
    };
  });
}

/**
 * Sets an organization's margin (its default with currency null, or one currency's) as of `at` and records
 * `organization_margin.set` naming the staff member: the one way a margin is written, for the console (`setMargin`)
 * and the demo seed alike.
 */
export async function applyMargin(
  tx: Executor,
  input: { orgId: string; currency: string | null; marginBps: string; byUserId: string; at: Date },
): Promise<typeof organizationMargins.$inferSelect> {
  const sameRow = and(
    eq(organizationMargins.orgId, input.orgId),
    input.currency === null
      ? isNull(organizationMargins.currency)
      : eq(organizationMargins.currency, input.currency),
  );
  const [previous] = await tx.select().from(organizationMargins).where(sameRow).for('update');
  const [row] = previous
    ? await tx
        .update(organizationMargins)
        .set({ marginBps: input.marginBps, updatedByUserId: input.byUserId, updatedAt: input.at })
        .where(eq(organizationMargins.id, previous.id))
        .returning()
    : await tx
        .insert(organizationMargins)
        .values({
          orgId: input.orgId,
          currency: input.currency,
          marginBps: input.marginBps,
          updatedByUserId: input.byUserId,
          createdAt: input.at,
          updatedAt: input.at,
        })
        .returning();
  await recordEvent(tx, {
    orgId: input.orgId,
    type: 'organization_margin.set',
    actor: userAuditActor(input.byUserId, true),
    subjectId: row!.id,
    data: {
      currency: input.currency,
      margin_bps: plain(input.marginBps),
      previous_margin_bps: previous ? plain(previous.marginBps) : null,
    },
  });
  return row!;
}

/** Sets an organization's margin (its default with currency null, or one currency's). */
export async function setMargin(
  executor: Executor,
  actor: StaffActor,
  input: z.output<typeof setMarginBody>,
): Promise<Pricing['margins'][number]> {
  if (dec(input.margin_bps).gte(10_000)) {
    throw ApiError.validation([
      { field: 'margin_bps', code: 'invalid', message: 'margin_bps: must be below 10000' },
    ]);
  }
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const [org] = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, input.org_id));
    if (!org) throw ApiError.notFound('Organization');
    const row = await applyMargin(tx, {
      orgId: org.id,
      currency: input.currency,
      marginBps: input.margin_bps,
      byUserId: actor.userId,
      at: now(),
    });
    return {
      org_id: org.id,
      org_name: org.name,
      currency: row.currency,
      margin_bps: plain(row.marginBps),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}
