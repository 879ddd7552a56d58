// Owns treasury's rate sheets (RATES_ADAPTER=manual): publishing one (every rate of it at once, in force now until its
// `valid_until`, audited with who published it) and reading the history. A sheet is never edited: the next one
// replaces it, and quotes made with it keep their snapshot.
import { count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema/identity/users';
import { fxRates, rateSheets } from '@/db/schema/pricing';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { now } from '@/lib/platform/clock';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { dec } from '@/lib/platform/money/decimal';
import { listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import {
  MAX_SHEET_VALIDITY_HOURS,
  MIN_SHEET_VALIDITY_MINUTES,
  type PublishRateSheetBody,
  type RateSheetWire,
} from '@/lib/pricing/contract/schemas';

type SheetRow = typeof rateSheets.$inferSelect;

/** The sheet quotes use at `at`: the newest published by then (in force or not), or none. */
export async function latestSheet(executor: Executor, at: Date): Promise<SheetRow | undefined> {
  const [sheet] = await executor
    .select()
    .from(rateSheets)
    .where(lte(rateSheets.publishedAt, at))
    .orderBy(desc(rateSheets.publishedAt))
    .limit(1);
  return sheet;
}

function checkSheet(input: PublishRateSheetBody, at: Date): FieldError[] {
  const problems: FieldError[] = [];
  const validUntil = new Date(input.valid_until);
  const earliest = at.getTime() + MIN_SHEET_VALIDITY_MINUTES * 60_000;
  const latest = at.getTime() + MAX_SHEET_VALIDITY_HOURS * 3_600_000;
  if (validUntil.getTime() < earliest)
    problems.push({
      field: 'valid_until',
      code: 'invalid',
      message: `valid_until: must be at least ${MIN_SHEET_VALIDITY_MINUTES} minutes from now`,
    });
  else if (validUntil.getTime() > latest)
    problems.push({
      field: 'valid_until',
      code: 'invalid',
      message: `valid_until: must be at most ${MAX_SHEET_VALIDITY_HOURS} hours from now`,
    });
  const seen = new Set<string>();
  input.rates.forEach((rate, index) => {
    if (seen.has(rate.currency))
      problems.push({
        field: `rates.${index}.currency`,
        code: 'invalid',
        message: `rates.${index}.currency: ${rate.currency} is already in the sheet`,
      });
    seen.add(rate.currency);
  });
  return problems;
}

function toWire(
  sheet: SheetRow,
  rates: { currency: string; unitsPerUsdt: string }[],
  publisherName: string,
  state: RateSheetWire['state'],
): RateSheetWire {
  return {
    id: sheet.id,
    state,
    published_at: sheet.publishedAt.toISOString(),
    valid_until: sheet.validUntil.toISOString(),
    published_by: { user_id: sheet.publishedByUserId, name: publisherName },
    rates: rates
      .map((rate) => ({ currency: rate.currency, units_per_usdt: dec(rate.unitsPerUsdt).toFixed() }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

/** Publishes a sheet in force now: one fx_rates row per currency (source `sheet`), and `rate_sheet.published`. */
export async function publishRateSheet(
  executor: Executor,
  actor: StaffActor,
  input: PublishRateSheetBody,
): Promise<RateSheetWire> {
  assertNotViewing(actor);
  const at = now();
  const problems = checkSheet(input, at);
  if (problems.length > 0) throw ApiError.validation(problems);
  return executor.transaction(async (tx) => {
    const previous = await latestSheet(tx, at);
    const [sheet] = await tx
      .insert(rateSheets)
      .values({
        publishedAt: at,
        validUntil: new Date(input.valid_until),
        publishedByUserId: actor.userId,
        createdAt: at,
      })
      .returning();
    const rates = input.rates.map((rate) => ({ currency: rate.currency, unitsPerUsdt: rate.units_per_usdt }));
    await tx.insert(fxRates).values(
      rates.map((rate) => ({
        ...rate,
        source: 'sheet',
        effectiveAt: at,
        rateSheetId: sheet!.id,
        createdByUserId: actor.userId,
        createdAt: at,
      })),
    );
    const [publisher] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
    const wire = toWire(sheet!, rates, publisher?.name ?? '', 'in_force');
    await recordEvent(tx, {
      orgId: null,
      type: 'rate_sheet.published',
      actor: userAuditActor(actor.userId, true),
      subjectId: sheet!.id,
      data: { valid_until: wire.valid_until, rates: wire.rates, previous_sheet_id: previous?.id ?? null },
    });
    return wire;
  });
}

/** The sheets, newest first, each with its rates and state at this moment. */
export async function listRateSheets(
  executor: Executor,
  page: PageRequest,
): Promise<{ items: RateSheetWire[]; meta: { limit: number; page: number; total: number } }> {
  const at = now();
  const [rows, [total], newest] = await Promise.all([
    executor
      .select({ sheet: rateSheets, publisherName: users.name })
      .from(rateSheets)
      .innerJoin(users, eq(users.id, rateSheets.publishedByUserId))
      .orderBy(desc(rateSheets.publishedAt))
      .limit(page.limit)
      .offset(pageOffset(page)),
    executor.select({ value: count() }).from(rateSheets),
    latestSheet(executor, at),
  ]);
  const ids = rows.map((row) => row.sheet.id);
  const rates =
    ids.length === 0
      ? []
      : await executor
          .select({
            rateSheetId: fxRates.rateSheetId,
            currency: fxRates.currency,
            unitsPerUsdt: fxRates.unitsPerUsdt,
          })
          .from(fxRates)
          .where(inArray(fxRates.rateSheetId, ids));
  const items = rows.map(({ sheet, publisherName }) => {
    const state: RateSheetWire['state'] =
      sheet.id !== newest?.id ? 'superseded' : sheet.validUntil > at ? 'in_force' : 'expired';
    return toWire(
      sheet,
      rates.filter((rate) => rate.rateSheetId === sheet.id),
      publisherName,
      state,
    );
  });
  return listEnvelope(items, page, total?.value ?? 0);
}
