// Owns the statements of the drain loop besides the lease's (lib/platform/webhook-delivery/lease.ts): the round trip that renews,
// records and claims for every endpoint a process holds, failing a disabled endpoint's due deliveries, and the sweep.
import { sqlClient } from '@/db/client';
import { DRAIN_LEASE_MS } from './drain-protocol';
import type { Outcome } from './held-endpoint';

/** One row of a round trip: an endpoint still leased to the process, with one claimed delivery or none (nulls). */
export interface RoundRow {
  endpoint_id: string;
  org_id: string;
  url: string;
  endpoint_status: string;
  signing_secret_encrypted: string;
  previous_signing_secret_encrypted: string | null;
  previous_secret_expires_at: string | null;
  id: string | null;
  manual: boolean | null;
  resend_requested_at: string | null;
  attempts: number | null;
  created_at: string | null;
  event_id: string | null;
  event_type: string | null;
  event_data: Record<string, unknown> | null;
  event_created_at: string | null;
}

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
 * each wanted endpoint up to its room of due deliveries (oldest first) and re-sends. An endpoint missing from the
 * rows is no longer this process's (lease taken over, or endpoint deleted).
 */
export async function renewRecordAndClaim(input: RoundTripInput): Promise<RoundRow[]> {
  const at = input.at.toISOString();
  const leaseUntil = new Date(input.at.getTime() + DRAIN_LEASE_MS).toISOString();
  const excluded = uuidArray(input.excluded);
  const results = JSON.stringify(input.results, (key, value) =>
    key === 'doneAt' || key === 'endpointId' ? undefined : value,
  );
  return sqlClient()<RoundRow[]>`
    with lease as (
      update webhook_endpoint_drains set lease_expires_at = ${leaseUntil}::timestamptz
      where endpoint_id = any(${uuidArray(input.held)}::text::uuid[]) and owner = ${input.owner}
      returning endpoint_id
    ), recorded as (
      update webhook_deliveries d set
        status = case
          when v.ok then 'succeeded'
          when v.manual and d.status = 'pending' then 'pending'
          when v.manual then 'failed'
          else d.status end,
        attempts = d.attempts + 1,
        next_attempt_at = case
          when v.ok then null
          when not v.manual and d.status = 'pending' then v.next_attempt_at
          else d.next_attempt_at end,
        last_attempt_at = v.at,
        last_response_status = v.response_status,
        last_latency_ms = v.latency_ms,
        last_response_body = v.response_body,
        last_error = v.error,
        resend_requested_at = case
          when d.resend_requested_at <= v.requested_at then null
          else d.resend_requested_at end,
        updated_at = v.at
      from jsonb_to_recordset(${results}::text::jsonb)
        as v(id uuid, manual boolean, ok boolean, next_attempt_at timestamptz, at timestamptz,
          response_status integer, latency_ms integer, response_body text, error text, requested_at timestamptz)
      -- The ids again as an array: the recordset's row estimate (100) alone would plan a scan of the table.
      where d.id = v.id and d.id = any(${uuidArray(input.results.map((r) => r.id))}::text::uuid[])
      returning d.id
    ), endpoint as (
      select e.* from webhook_endpoints e join lease on lease.endpoint_id = e.id
    ), wanted as (
      select w.id as endpoint_id, w.room
      from jsonb_to_recordset(${JSON.stringify(input.wanted)}::text::jsonb) as w(id uuid, room integer)
      where w.room > 0 and exists (select 1 from endpoint e where e.id = w.id and e.status = 'enabled')
    ), claim as (
      select w.endpoint_id, c.id, c.manual from wanted w cross join lateral (
        (select d.id, false as manual from webhook_deliveries d
          where d.endpoint_id = w.endpoint_id and d.status = 'pending'
            and d.next_attempt_at <= ${at}::timestamptz and d.id <> all(${excluded}::text::uuid[])
          order by d.next_attempt_at limit w.room)
        union all
        (select d.id, true as manual from webhook_deliveries d
          where d.endpoint_id = w.endpoint_id and d.resend_requested_at is not null
            and not (d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz)
            and d.id <> all(${excluded}::text::uuid[])
          limit w.room)
      ) as c
    )
    select e.id as endpoint_id, e.org_id, e.url, e.status as endpoint_status, e.signing_secret_encrypted,
      e.previous_signing_secret_encrypted, e.previous_secret_expires_at,
      c.id, c.manual, d.resend_requested_at, d.attempts, d.created_at,
      ev.id as event_id, ev.type as event_type, ev.data as event_data, ev.created_at as event_created_at
    from endpoint e
    left join claim c on c.endpoint_id = e.id
    left join webhook_deliveries d on d.id = c.id
    left join events ev on ev.id = d.event_id`;
}

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
  const [row] = await sqlClient()<{ woken: number | null }[]>`
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
    select webhook_wake_drains(array(select endpoint_id from due), ${due}::timestamptz) as woken`;
  return row?.woken ?? 0;
}
