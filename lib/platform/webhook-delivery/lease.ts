// Owns an endpoint's drain lease (webhook_endpoint_drains): taking it, handing it to a new drain job, and letting it go
// under the endpoint's advisory lock, so a delivery committed at that moment is never left without a drain. The other
// half of the protocol, the committing side, is webhook_wake_drains in db/functions/webhooks.sql.

import { z } from 'zod';
import { sqlClient } from '@/db/client';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import {
  DRAIN_LEASE_MS,
  DRAIN_LOCK_CLASS,
  DRAIN_MAX_ATTEMPTS,
  DRAIN_TASK,
  drainJobKey,
  HANDOVER_LEASE_MS,
  QUEUED_OWNER,
  retryJobKey,
} from './drain-protocol';

const iso = (date: Date) => date.toISOString();
const later = (at: Date, ms: number) => iso(new Date(at.getTime() + ms));

/** Adds a drain job for the endpoint (one pending per endpoint: the key), e.g. when this worker is stopping. */
export async function addDrainJob(endpointId: string): Promise<void> {
  await sqlClient()`
    select (graphile_worker.add_job(${DRAIN_TASK}::text, json_build_object('endpointId', ${endpointId}::uuid),
      job_key => ${drainJobKey(endpointId)}::text, max_attempts => ${DRAIN_MAX_ATTEMPTS}::int)).id`;
}

/**
 * Takes the endpoint's lease for `owner` if nobody holds it, the holder's lease expired, it was handed to a job
 * (queued) or `owner` holds it already. Returns whether `owner` holds it now.
 */
export async function takeLease(endpointId: string, owner: string, at: Date): Promise<boolean> {
  const rows = await sqlClient()`
    insert into webhook_endpoint_drains (endpoint_id, org_id, owner, lease_expires_at)
    select id, org_id, ${owner}, ${later(at, DRAIN_LEASE_MS)}::timestamptz
    from webhook_endpoints where id = ${endpointId}::uuid
    on conflict (endpoint_id) do update set owner = excluded.owner, lease_expires_at = excluded.lease_expires_at
    where webhook_endpoint_drains.lease_expires_at <= ${iso(at)}::timestamptz
      or webhook_endpoint_drains.owner in (${QUEUED_OWNER}, ${owner})
    returning owner`;
  return rows.length === 1;
}

/** The lease goes to a new drain job (at the back of the queue), added in the same statement: no gap. */
export async function handOverLease(endpointId: string, owner: string, at: Date): Promise<void> {
  await sqlClient()`
    with handed as (
      update webhook_endpoint_drains set owner = ${QUEUED_OWNER},
        lease_expires_at = ${later(at, HANDOVER_LEASE_MS)}::timestamptz
      where endpoint_id = ${endpointId}::uuid and owner = ${owner}
      returning endpoint_id
    )
    select (graphile_worker.add_job(${DRAIN_TASK}::text, json_build_object('endpointId', endpoint_id),
      job_key => ${DRAIN_TASK}::text || ':' || endpoint_id::text, max_attempts => ${DRAIN_MAX_ATTEMPTS}::int)).id
    from handed`;
}

/** What came of trying to let the endpoint go. */
export type LeaveResult = 'left' | 'stay' | 'lost';

/**
 * Lets the endpoint go if nothing is due, nobody is committing a delivery to it (the exclusive try-lock) and `owner`
 * still holds its lease; then adds the job of its next retry (if one is scheduled). One transaction. 'stay': something
 * is due or being committed; 'lost': another owner has the lease.
 */
export async function leaveIfIdle(endpointId: string, owner: string, at: Date): Promise<LeaveResult> {
  const due = iso(at);
  return sqlClient().begin(async (sql) => {
    const [lock] = await parsedRows(
      z.object({ ok: z.boolean() }),
      sql`select pg_try_advisory_xact_lock(${DRAIN_LOCK_CLASS}::int, hashtext(${endpointId}::text)) as ok`,
    );
    if (!lock?.ok) return 'stay' as const;
    // A statement after the lock: it sees every delivery committed by those who held it shared.
    const [row] = await parsedRows(
      z.object({ mine: z.boolean(), left: z.boolean() }),
      sql`
      with gone as (
        delete from webhook_endpoint_drains
        where endpoint_id = ${endpointId}::uuid and owner = ${owner}
          and not exists (select 1 from webhook_deliveries d where d.endpoint_id = ${endpointId}::uuid
            and d.status = 'pending' and d.next_attempt_at <= ${due}::timestamptz)
          and not exists (select 1 from webhook_deliveries d where d.endpoint_id = ${endpointId}::uuid
            and d.resend_requested_at is not null)
        returning endpoint_id
      ), next as (
        select min(d.next_attempt_at) as at from webhook_deliveries d
        where d.endpoint_id = ${endpointId}::uuid and d.status = 'pending'
      )
      select exists (select 1 from webhook_endpoint_drains
          where endpoint_id = ${endpointId}::uuid and owner = ${owner}) as mine,
        exists (select 1 from gone) as left,
        (select (graphile_worker.add_job(${DRAIN_TASK}::text, json_build_object('endpointId', ${endpointId}::uuid),
            run_at => next.at, job_key => ${retryJobKey(endpointId)}::text,
            max_attempts => ${DRAIN_MAX_ATTEMPTS}::int)).id
          from next where next.at is not null and exists (select 1 from gone)) as timer`,
    );
    if (!row?.mine) return 'lost' as const;
    return row.left ? ('left' as const) : ('stay' as const);
  });
}
