// Owns what must hold after the pipeline ran through its failures: each order reached one terminal state once, every
// organization's ledger balances, every public event reached the receiver, no retried key ran twice, and 5xx answers
// came only while the database was down. Each check returns the problems it found (empty: it holds).
import type postgres from 'postgres';
import { z } from 'zod';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import type { Receiver } from './receiver';
import type { Answer, Integrator, Repeat, SentOrder, Unresolved } from './traffic';

const TERMINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED_EXPIRED']);

/**
 * One organization's ledger sums (checkLedger), each numeric as text; the held balance is null while the
 * organization has no held account yet.
 */
const LedgerSumsRow = z.object({
  held_in: z.string(),
  spent: z.string(),
  released: z.string(),
  paid: z.string(),
  returned: z.string(),
  w_held: z.string(),
  w_out: z.string(),
  confirmed: z.string(),
  awaiting: z.string(),
  swept_orders: z.string(),
  completed: z.string(),
  failed: z.string(),
  w_in_flight: z.string(),
  held_balance: z.string().nullable(),
});

/** Every order is terminal in the state its amount asked for, and each `order.<status>` event exists exactly once. */
export async function checkOrders(sql: postgres.Sql, orders: SentOrder[]): Promise<string[]> {
  const problems: string[] = [];
  const ids = orders.map((o) => o.id);
  const rows = await parsedRows(
    z.object({ id: z.string(), status: z.string() }),
    sql`
    select id, status from payout_orders where id = any(${ids}::uuid[])`,
  );
  const status = new Map(rows.map((r) => [r.id, r.status]));
  for (const order of orders) {
    const now = status.get(order.id);
    if (now !== order.expected)
      problems.push(`order ${order.id} is ${now ?? 'missing'}, expected ${order.expected}`);
  }
  const events = await parsedRows(
    z.object({ subject_id: z.string(), type: z.string(), n: z.number() }),
    sql`
    select subject_id, type, count(*)::int as n from events
    where subject_id = any(${ids}::uuid[]) and type like 'order.%' group by subject_id, type`,
  );
  const terminalEvents = new Map<string, number>();
  for (const row of events) {
    if (row.n !== 1) problems.push(`order ${row.subject_id}: ${row.type} recorded ${row.n} times`);
    if (TERMINAL.has(row.type.slice('order.'.length).toUpperCase()))
      terminalEvents.set(row.subject_id, (terminalEvents.get(row.subject_id) ?? 0) + row.n);
  }
  for (const order of orders) {
    const n = terminalEvents.get(order.id) ?? 0;
    if (n !== 1) problems.push(`order ${order.id}: ${n} terminal events`);
  }
  return problems.slice(0, 20);
}

/**
 * The ledger: every transaction sums to zero, no organization account is negative, and per organization the held
 * account's movements add up — held for batches = the confirmed batches' totals = swept to settlement (spent) +
 * released + still held for orders awaiting funding; swept = paid + returned; withdrawals held = sent + released +
 * still in flight.
 */
export async function checkLedger(sql: postgres.Sql, orgIds: string[]): Promise<string[]> {
  const problems: string[] = [];
  const [global] = await parsedRows(
    z.object({ unbalanced: z.number(), negative: z.number() }),
    sql`
    select
      (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id
        having sum(amount) <> 0) x) as unbalanced,
      (select count(*)::int from ledger_accounts where org_id is not null and balance < 0) as negative`,
  );
  if (global!.unbalanced) problems.push(`${global!.unbalanced} ledger transactions do not balance`);
  if (global!.negative) problems.push(`${global!.negative} organization accounts are negative`);
  for (const orgId of orgIds) {
    const [row] = await parsedRows(
      LedgerSumsRow,
      sql`
      with moves as (
        select t.type, a.type as account, e.amount from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id
        join ledger_accounts a on a.id = e.account_id
        where t.org_id = ${orgId}
      )
      select
        coalesce((select sum(amount) from moves where account = 'held' and type = 'batch_hold'), 0)::text as held_in,
        coalesce((select -sum(amount) from moves where account = 'held' and type = 'settlement_sweep'), 0)::text as spent,
        coalesce((select -sum(amount) from moves where account = 'held' and type = 'batch_hold_release'), 0)::text as released,
        coalesce((select sum(amount) from moves where account = 'payout_rail_external' and type = 'payout_paid'), 0)::text as paid,
        coalesce((select sum(amount) from moves where account = 'available' and type = 'payout_returned'), 0)::text as returned,
        coalesce((select sum(amount) from moves where account = 'held' and type = 'withdrawal_hold'), 0)::text as w_held,
        coalesce((select -sum(amount) from moves where account = 'held' and type in ('withdrawal_release', 'withdrawal_sent')), 0)::text as w_out,
        (select coalesce(sum(total_source_amount), 0)::text from payout_batches
          where org_id = ${orgId} and confirmed_at is not null) as confirmed,
        (select coalesce(sum(source_amount), 0)::text from payout_orders
          where org_id = ${orgId} and status = 'AWAITING_DEPOSIT') as awaiting,
        (select coalesce(sum(source_amount), 0)::text from payout_orders
          where org_id = ${orgId} and status in ('DEPOSIT_RECEIVED', 'PAYING_BENEFICIARY', 'COMPLETED', 'FAILED')) as swept_orders,
        (select coalesce(sum(source_amount), 0)::text from payout_orders where org_id = ${orgId} and status = 'COMPLETED') as completed,
        (select coalesce(sum(source_amount), 0)::text from payout_orders where org_id = ${orgId} and status = 'FAILED') as failed,
        (select coalesce(sum(amount), 0)::text from withdrawals
          where org_id = ${orgId} and status in ('SUBMITTED', 'PROCESSING')) as w_in_flight,
        (select balance::text from ledger_accounts where org_id = ${orgId} and type = 'held') as held_balance`,
    );
    const r = row!;
    const eq = (a: string, b: string) => Number(a) === Number(b) || Math.abs(Number(a) - Number(b)) < 1e-9;
    const expect = (what: string, left: string, right: string) => {
      if (!eq(left, right)) problems.push(`org ${orgId}: ${what}: ${left} ≠ ${right}`);
    };
    const plus = (...values: string[]) => values.reduce((sum, v) => sum + Number(v), 0).toFixed(6);
    expect('held for batches = confirmed totals', r.held_in, r.confirmed);
    expect('held = spent + released + awaiting funding', r.held_in, plus(r.spent, r.released, r.awaiting));
    expect('spent = orders swept', r.spent, r.swept_orders);
    expect('paid = completed orders', r.paid, r.completed);
    expect('returned = failed orders', r.returned, r.failed);
    expect('withdrawals held = sent + released + in flight', r.w_held, plus(r.w_out, r.w_in_flight));
    // No held account yet: nothing held (compared as 0, as the null was before the row was parsed).
    expect('held balance', r.held_balance ?? '0', plus(r.awaiting, r.w_in_flight));
  }
  return problems;
}

/** Every public event of the run (GET /events, after the endpoint existed) reached the receiver at least once. */
export async function checkDeliveries(
  integrators: Integrator[],
  receiver: Receiver,
): Promise<{
  problems: string[];
  events: number;
}> {
  const problems: string[] = [];
  let events = 0;
  for (const integrator of integrators) {
    let after: string | undefined;
    for (;;) {
      const query = new URLSearchParams({ limit: '100', created_from: integrator.endpointCreatedAt });
      if (after) query.set('starting_after', after);
      const page = await integrator.client.get<{
        items: { id: string; type: string }[];
        meta: { has_more: boolean };
      }>(`/api/v2/events?${query}`);
      for (const event of page.data.items) {
        events += 1;
        if (!receiver.arrivals.has(event.id))
          problems.push(`event ${event.id} (${event.type}) never delivered`);
      }
      if (!page.data.meta.has_more || page.data.items.length === 0) break;
      after = page.data.items.at(-1)!.id;
    }
  }
  return { problems: problems.slice(0, 20), events };
}

/** A POST sent twice with one key answered the same both times, the second as a replay, naming the same resource. */
export function checkRepeats(repeats: Repeat[]): string[] {
  const problems: string[] = [];
  for (const repeat of repeats) {
    const [first, second] = repeat.statuses;
    if (first !== second) problems.push(`${repeat.path} key ${repeat.key}: ${first} then ${second}`);
    else if (repeat.resourceIds[0] !== repeat.resourceIds[1])
      problems.push(`${repeat.path} key ${repeat.key}: ran twice (${repeat.resourceIds.join(' / ')})`);
    else if (repeat.replayed[1] !== 'true')
      problems.push(`${repeat.path} key ${repeat.key}: second answer not marked Idempotent-Replayed`);
  }
  return problems;
}

/** Deposits and withdrawals, each with an amount unique to its request, exist once each. */
export async function checkSingleEffects(sql: postgres.Sql, orgIds: string[]): Promise<string[]> {
  const duplicated = await parsedRows(
    z.object({ kind: z.string(), amount: z.string(), n: z.number() }),
    sql`
    select 'deposit' as kind, amount::text, count(*)::int as n from deposits
      where org_id = any(${orgIds}::uuid[]) and amount::text like '200000.%' group by org_id, amount having count(*) > 1
    union all
    select 'withdrawal', amount::text, count(*)::int from withdrawals
      where org_id = any(${orgIds}::uuid[]) and amount::text like '10.%' group by org_id, amount having count(*) > 1`,
  );
  return duplicated.map((d) => `${d.kind} of ${d.amount} recorded ${d.n} times`);
}

/**
 * 5xx answers only while the database was down, plus `graceMs` for pools to notice it is back, and then only 503
 * (the database is away: retry after Retry-After); a 500 is a fault whenever it comes.
 */
export function checkServerErrors(
  answers: Answer[],
  windows: { downAt: number; upAt: number }[],
  graceMs: number,
): string[] {
  // Allowed when the request was in flight while the database was down (sent before it was back plus the grace, and
  // answered after it went down): a statement cut by the restart can fail seconds later, once its request ends.
  const duringOutage = (a: Answer) => windows.some((w) => a.at >= w.downAt && a.sentAt <= w.upAt + graceMs);
  return answers
    .filter((a) => a.status >= 500 && !(a.status === 503 && duringOutage(a)))
    .slice(0, 20)
    .map(
      (a) =>
        `${a.status} on ${a.method} ${a.path} (${a.instance}) ${duringOutage(a) ? 'during the restart (503 expected)' : 'outside the database restart'}, sent ${new Date(a.sentAt).toISOString()}, answered ${new Date(a.at).toISOString()}`,
    );
}

/**
 * Requests the client gave up on while their key was still claimed by an attempt that died with its instance: each
 * either never ran (the record is still in progress or was freed — the work commits only together with the
 * record's completion) or ran once, and then a re-send with the key replays it rather than running it again.
 */
export async function checkUnresolved(
  sql: postgres.Sql,
  unresolved: Unresolved[],
): Promise<{ problems: string[]; neverRan: number; ranOnce: number }> {
  const problems: string[] = [];
  let neverRan = 0;
  let ranOnce = 0;
  for (const u of unresolved) {
    const [record] = await parsedRows(
      z.object({ state: z.string() }),
      sql`
      select state from idempotency_records where org_id = ${u.integrator.org.org_id} and key = ${u.key}`,
    );
    if (!record || record.state === 'in_progress') {
      neverRan += 1;
      continue;
    }
    const again = await u.integrator.client.send('POST', u.path, {
      ...(u.body === undefined ? {} : { body: u.body }),
      idempotencyKey: u.key,
    });
    if (again.headers.get('idempotent-replayed') === 'true') ranOnce += 1;
    else
      problems.push(
        `${u.path} key ${u.key}: completed, but a re-send answered ${again.status} without replaying`,
      );
  }
  return { problems, neverRan, ranOnce };
}
