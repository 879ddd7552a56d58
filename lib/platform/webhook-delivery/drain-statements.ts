// Owns the statements of the drain loop besides the lease's (lib/platform/webhook-delivery/lease.ts): the round trip that renews,
// records and claims for every endpoint a process holds, failing a disabled endpoint's due deliveries, and the sweep.
import { and, eq, exists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sqlClient } from '@/db/client';
import { events } from '@/db/schema/platform/events';
import { webhookDeliveries, webhookEndpointDrains, webhookEndpoints } from '@/db/schema/webhooks';
import { preparedStatement } from '@/lib/platform/db/prepared';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { DRAIN_LEASE_MS } from './drain-protocol';
import type { Outcome } from './held-endpoint';

export interface RoundTripInput {
  owner: string;
  at: Date;
  /** Every endpoint the process holds: their leases are renewed. */
  held: readonly string[];
  /** Answers to record. */
  results: readonly Outcome[];
  /** Endpoints to claim for, with how many deliveries each may take. */
  wanted: readonly { id: string; room: number }[];
  /** Deliveries not to claim: in flight, buffered or being recorded. */
  excluded: readonly string[];
}

const uuidArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

/**
 * One statement for every endpoint held: renews the leases, records the answers, reads the endpoints, and claims for
 * each wanted endpoint up to its room of due deliveries (oldest first) and re-sends. Placeholders (see
 * renewRecordAndClaim): `owner`, `at` and `leaseUntil` (ISO instants), `held`, `resultIds` and `excluded` (uuid array
 * literals), `results` and `wanted` (JSON recordsets).
 */
const roundTrip = preparedStatement((d) => {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const excluded = sql`${sql.placeholder('excluded')}::text::uuid[]`;
  const drains = webhookEndpointDrains;
  const deliveries = webhookDeliveries;
  const lease = d.$with('lease').as(
    d
      .update(drains)
      .set({ leaseExpiresAt: sql`${sql.placeholder('leaseUntil')}::timestamptz` })
      .where(
        and(
          sql`${drains.endpointId} = any(${sql.placeholder('held')}::text::uuid[])`,
          eq(drains.owner, sql.placeholder('owner')),
        ),
      )
      .returning({ endpointId: drains.endpointId }),
  );
  // The answers arrive as one JSON recordset `v` (its names are Outcome's).
  const recorded = d.$with('recorded').as(
    d
      .update(deliveries)
      .set({
        status: sql`case
          when v.ok then 'succeeded'
          when v.manual and ${deliveries.status} = 'pending' then 'pending'
          when v.manual then 'failed'
          else ${deliveries.status} end`,
        attempts: sql`${deliveries.attempts} + 1`,
        nextAttemptAt: sql`case
          when v.ok then null
          when not v.manual and ${deliveries.status} = 'pending' then v.next_attempt_at
          else ${deliveries.nextAttemptAt} end`,
        lastAttemptAt: sql`v.at`,
        lastResponseStatus: sql`v.response_status`,
        lastLatencyMs: sql`v.latency_ms`,
        lastResponseBody: sql`v.response_body`,
        lastError: sql`v.error`,
        resendRequestedAt: sql`case
          when ${deliveries.resendRequestedAt} <= v.requested_at then null
          else ${deliveries.resendRequestedAt} end`,
        updatedAt: sql`v.at`,
      })
      .from(
        sql`jsonb_to_recordset(${sql.placeholder('results')}::text::jsonb)
          as v(id uuid, manual boolean, ok boolean, next_attempt_at timestamptz, at timestamptz,
            response_status integer, latency_ms integer, response_body text, error text, requested_at timestamptz)`,
      )
      // The ids again as an array: the recordset's row estimate (100) alone would plan a scan of the table.
      .where(
        and(
          sql`${deliveries.id} = v.id`,
          sql`${deliveries.id} = any(${sql.placeholder('resultIds')}::text::uuid[])`,
        ),
      )
      .returning({ id: deliveries.id }),
  );
  const e = webhookEndpoints;
  const endpoint = d.$with('endpoint').as(
    d
      .select({
        id: e.id,
        orgId: e.orgId,
        url: e.url,
        status: e.status,
        signingSecretEncrypted: e.signingSecretEncrypted,
        previousSigningSecretEncrypted: e.previousSigningSecretEncrypted,
        previousSecretExpiresAt: e.previousSecretExpiresAt,
      })
      .from(e)
      .innerJoin(lease, eq(lease.endpointId, e.id)),
  );
  // Drizzle writes an aliased expression's name unqualified wherever it is used: these names are ones no table has.
  const wanted = d.$with('wanted').as(
    d
      .select({
        endpointId: sql<string>`w.id`.as('wanted_endpoint_id'),
        room: sql<number>`w.room`.as('wanted_room'),
      })
      .from(sql`jsonb_to_recordset(${sql.placeholder('wanted')}::text::jsonb) as w(id uuid, room integer)`)
      .where(
        and(
          sql`w.room > 0`,
          exists(
            d
              .select({ one: sql`1` })
              .from(endpoint)
              .where(and(sql`${endpoint.id} = w.id`, eq(endpoint.status, 'enabled'))),
          ),
        ),
      ),
  );
  const claim = d
    .$with('claim', {
      endpointId: deliveries.endpointId,
      id: deliveries.id,
      manual: sql<boolean>`claimed_manually`.as('claimed_manually'),
    })
    .as(
      sql`select ${wanted.endpointId} as endpoint_id, c.id, c.claimed_manually from ${wanted} cross join lateral (
        (select ${deliveries.id}, false as claimed_manually from ${deliveries}
          where ${deliveries.endpointId} = ${wanted.endpointId} and ${deliveries.status} = 'pending'
            and ${deliveries.nextAttemptAt} <= ${at} and ${deliveries.id} <> all(${excluded})
          order by ${deliveries.nextAttemptAt} limit ${wanted.room})
        union all
        (select ${deliveries.id}, true as claimed_manually from ${deliveries}
          where ${deliveries.endpointId} = ${wanted.endpointId} and ${deliveries.resendRequestedAt} is not null
            and not (${deliveries.status} = 'pending' and ${deliveries.nextAttemptAt} <= ${at})
            and ${deliveries.id} <> all(${excluded})
          limit ${wanted.room})
      ) as c`,
    );
  return d
    .with(lease, recorded, endpoint, wanted, claim)
    .select({
      endpointId: endpoint.id,
      orgId: endpoint.orgId,
      url: endpoint.url,
      endpointStatus: endpoint.status,
      signingSecretEncrypted: endpoint.signingSecretEncrypted,
      previousSigningSecretEncrypted: endpoint.previousSigningSecretEncrypted,
      previousSecretExpiresAt: endpoint.previousSecretExpiresAt,
      id: claim.id,
      manual: claim.manual,
      resendRequestedAt: deliveries.resendRequestedAt,
      attempts: deliveries.attempts,
      createdAt: deliveries.createdAt,
      eventId: events.id,
      eventType: events.type,
      eventData: events.data,
      eventCreatedAt: events.createdAt,
    })
    .from(endpoint)
    .leftJoin(claim, eq(claim.endpointId, endpoint.id))
    .leftJoin(deliveries, eq(deliveries.id, claim.id))
    .leftJoin(events, eq(events.id, deliveries.eventId))
    .prepare('drain_round_trip');
});

/**
 * Runs the round trip for `input`. Returns a row per endpoint still leased to the process, with one claimed delivery or
 * none (nulls); an endpoint missing from the rows is no longer this process's (lease taken over, or endpoint deleted).
 */
export async function renewRecordAndClaim(input: RoundTripInput) {
  return roundTrip().execute({
    owner: input.owner,
    at: input.at.toISOString(),
    leaseUntil: new Date(input.at.getTime() + DRAIN_LEASE_MS).toISOString(),
    held: uuidArray(input.held),
    results: JSON.stringify(input.results, (key, value) =>
      key === 'doneAt' || key === 'endpointId' ? undefined : value,
    ),
    resultIds: uuidArray(input.results.map((r) => r.id)),
    wanted: JSON.stringify(input.wanted),
    excluded: uuidArray(input.excluded),
  });
}

/** One row of a round trip: an endpoint still leased to the process, with one claimed delivery or none (nulls). */
export type RoundRow = Awaited<ReturnType<typeof renewRecordAndClaim>>[number];

/** The endpoint was disabled: its due deliveries fail (re-enabling re-sends nothing) and re-sends are dropped. */
export async function failDueWhileDisabled(endpointId: string, at: Date): Promise<void> {
  const due = at.toISOString();
  await sqlClient()`
    update webhook_deliveries set
      status = case when status = 'pending' and next_attempt_at <= ${due}::timestamptz then 'failed' else status end,
      next_attempt_at = case when status = 'pending' and next_attempt_at <= ${due}::timestamptz then null
        else next_attempt_at end,
      last_error = case when status = 'pending' and next_attempt_at <= ${due}::timestamptz
        then 'Not sent: the endpoint is disabled' else last_error end,
      resend_requested_at = null,
      updated_at = ${due}::timestamptz
    where endpoint_id = ${endpointId}::uuid
      and ((status = 'pending' and next_attempt_at <= ${due}::timestamptz) or resend_requested_at is not null)`;
}

/**
 * Wakes the drain of every endpoint with due deliveries (or re-sends) that no live lease covers, through
 * webhook_wake_drains. One probe per endpoint with pending deliveries (a skip scan of the due index). Returns how many
 * drain jobs it added.
 */
export async function wakeEndpointsWithDueDeliveries(at: Date): Promise<number> {
  const due = at.toISOString();
  const [row] = await parsedRows(
    z.object({ woken: z.number().nullable() }),
    sqlClient()`
    with recursive pending as (
      (select endpoint_id, next_attempt_at from webhook_deliveries
        where status = 'pending' order by endpoint_id, next_attempt_at limit 1)
      union all
      select n.endpoint_id, n.next_attempt_at from pending p cross join lateral (
        select d.endpoint_id, d.next_attempt_at from webhook_deliveries d
        where d.status = 'pending' and d.endpoint_id > p.endpoint_id
        order by d.endpoint_id, d.next_attempt_at limit 1) n
    ), due as (
      select endpoint_id from pending where next_attempt_at <= ${due}::timestamptz
      union
      select endpoint_id from webhook_deliveries where resend_requested_at is not null
    )
    select webhook_wake_drains(array(select endpoint_id from due), ${due}::timestamptz) as woken`,
  );
  return row?.woken ?? 0;
}
