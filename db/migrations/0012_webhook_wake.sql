-- The current text of these functions is db/functions/webhooks.sql, re-applied by every migrate; below is their first.
-- Webhook deliveries are drained per endpoint (lib/webhooks/drain.ts, docs/decisions.md "Webhooks"). The transaction
-- that inserts deliveries calls this to make sure each endpoint has a drain: it takes a SHARED advisory lock per
-- endpoint (held to the end of the transaction; committers never wait for each other), then — in a statement that
-- starts after the lock, so it sees every drain that left before — adds a drain job for each endpoint nobody drains
-- (no row in webhook_endpoint_drains, or an expired lease: a crashed worker).
-- A drain leaves only after taking the same lock exclusively (pg_try_advisory_xact_lock): every transaction that
-- inserted deliveries before has then ended, so it sees them all; one that comes after sees that no drain runs.
CREATE FUNCTION webhook_wake_drains(endpoint_ids uuid[], at timestamptz) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  endpoint uuid;
  woken integer;
BEGIN
  FOREACH endpoint IN ARRAY endpoint_ids LOOP
    PERFORM pg_advisory_xact_lock_shared(2003331940, hashtext(endpoint::text));
  END LOOP;
  -- The common case (a drain holds the endpoint) only reads. Otherwise the lease goes to the job added here ('queued',
  -- 5 minutes), so the transactions committing at the same moment add no job of their own: the first one inserts or
  -- updates the row, the others wait for its commit on that row and then find the lease live.
  WITH queued AS (
    INSERT INTO webhook_endpoint_drains AS d (endpoint_id, org_id, owner, lease_expires_at)
    SELECT e.id, e.org_id, 'queued', at + interval '5 minutes'
    FROM webhook_endpoints e
    WHERE e.id = ANY (endpoint_ids)
      AND NOT EXISTS (
        SELECT 1 FROM webhook_endpoint_drains live WHERE live.endpoint_id = e.id AND live.lease_expires_at > at
      )
    ON CONFLICT (endpoint_id) DO UPDATE SET owner = 'queued', lease_expires_at = excluded.lease_expires_at
    WHERE d.lease_expires_at <= at
    RETURNING d.endpoint_id
  )
  SELECT count(graphile_worker.add_job(
      'webhooks.drain',
      json_build_object('endpointId', queued.endpoint_id),
      job_key => 'webhooks.drain:' || queued.endpoint_id::text,
      max_attempts => 3
    ))::integer
  INTO woken
  FROM queued;
  RETURN woken;
END;
$$;
--> statement-breakpoint

-- The fan-out of one event (lib/webhooks/enqueue.ts), called in the event's transaction: a delivery to each enabled
-- endpoint of the organization subscribed to the type or to '*' (ALL_EVENT_TYPES), at most 16 (the endpoint limit),
-- then the drains' wake-up. A function so its statements are planned once per connection, not at every event. The
-- n-th delivery's id is `first_id` with its last byte XORed with n - 1 (one UUIDv7 made by the app per event).
CREATE FUNCTION webhook_enqueue_event(
  p_org_id uuid, p_event_id uuid, p_event_type text, p_first_id uuid, p_at timestamptz
) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  endpoint_ids uuid[];
BEGIN
  WITH endpoint AS (
    SELECT e.id, row_number() OVER (ORDER BY e.created_at, e.id) AS n
    FROM webhook_endpoints e
    WHERE e.org_id = p_org_id AND e.status = 'enabled' AND e.event_types && ARRAY[p_event_type, '*']
    ORDER BY e.created_at, e.id
    LIMIT 16
  ), delivery AS (
    INSERT INTO webhook_deliveries (id, org_id, endpoint_id, event_id, next_attempt_at)
    SELECT overlay(p_first_id::text PLACING
        lpad(to_hex(('x' || right(p_first_id::text, 2))::bit(8)::integer # (endpoint.n::integer - 1)), 2, '0')
        FROM 35 FOR 2)::uuid,
      p_org_id, endpoint.id, p_event_id, p_at
    FROM endpoint
    RETURNING endpoint_id
  )
  SELECT array_agg(delivery.endpoint_id) INTO endpoint_ids FROM delivery;
  IF endpoint_ids IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM webhook_wake_drains(endpoint_ids, p_at);
  RETURN cardinality(endpoint_ids);
END;
$$;
--> statement-breakpoint

-- Jobs of the previous design (one graphile job per attempt): a queued re-send becomes a re-send request; the rest go,
-- since every pending delivery row is found by the drains' sweep when it is due. Through graphile-worker's public
-- interface only (the jobs view, complete_jobs, which returns the jobs it removed with their payload): its tables are
-- private. A job a running old worker holds is left to that worker. (This block read and deleted the private tables
-- until 2026-11-26; a database that applied it then has nothing left for it to do, and drizzle never runs it again.)
-- The functions above are the state of this migration; their current text is db/functions/webhooks.sql.
DO $$
DECLARE
  removed jsonb;
BEGIN
  IF to_regclass('graphile_worker.jobs') IS NOT NULL THEN
    -- First removed, then read: a join could skip the call when there is no delivery to update.
    SELECT coalesce(jsonb_agg(r.payload::jsonb), '[]'::jsonb) INTO removed
    FROM graphile_worker.complete_jobs(ARRAY(
      SELECT j.id FROM graphile_worker.jobs j WHERE j.task_identifier = 'webhooks.deliver'
    )) AS r;
    UPDATE webhook_deliveries d SET resend_requested_at = now()
    FROM jsonb_array_elements(removed) AS p(payload)
    WHERE (p.payload ->> 'manual')::boolean
      AND d.id = (p.payload ->> 'deliveryId')::uuid;
  END IF;
END;
$$;
