-- The webhook delivery functions (lib/platform/webhook-delivery/drain.ts explains the protocol, docs/decisions/README.md "Webhooks"). Applied
-- with CREATE OR REPLACE by every migrate, after the migrations (db/function-files.ts); a double-braced name is the constant of
-- lib/platform/webhook-delivery/drain-protocol.ts of that name. A change of a signature or return type needs a migration that drops
-- the old function first (CREATE OR REPLACE cannot change them).
-- graphile-worker is used only through its public add_job.

-- The transaction that inserts deliveries calls this to make sure each endpoint has a drain: it takes a SHARED
-- advisory lock per endpoint (held to the end of the transaction; committers never wait for each other), then — in a
-- statement that starts after the lock, so it sees every drain that left before — adds a drain job for each endpoint
-- nobody drains (no row in webhook_endpoint_drains, or an expired lease: a crashed worker).
-- A drain leaves only after taking the same lock exclusively (pg_try_advisory_xact_lock): every transaction that
-- inserted deliveries before has then ended, so it sees them all; one that comes after sees that no drain runs.
CREATE OR REPLACE FUNCTION webhook_wake_drains(endpoint_ids uuid[], at timestamptz) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  endpoint uuid;
  woken integer;
BEGIN
  FOREACH endpoint IN ARRAY endpoint_ids LOOP
    PERFORM pg_advisory_xact_lock_shared({{DRAIN_LOCK_CLASS}}, hashtext(endpoint::text));
  END LOOP;
  -- The common case (a drain holds the endpoint) only reads. Otherwise the lease goes to the job added here (queued,
  -- HANDOVER_LEASE_MS), so the transactions committing at the same moment add no job of their own: the first one
  -- inserts or updates the row, the others wait for its commit on that row and then find the lease live.
  WITH queued AS (
    INSERT INTO webhook_endpoint_drains AS d (endpoint_id, org_id, owner, lease_expires_at)
    SELECT e.id, e.org_id, {{QUEUED_OWNER}}, at + {{HANDOVER_LEASE_MS}} * interval '1 millisecond'
    FROM webhook_endpoints e
    WHERE e.id = ANY (endpoint_ids)
      AND NOT EXISTS (
        SELECT 1 FROM webhook_endpoint_drains live WHERE live.endpoint_id = e.id AND live.lease_expires_at > at
      )
    ON CONFLICT (endpoint_id) DO UPDATE SET owner = {{QUEUED_OWNER}}, lease_expires_at = excluded.lease_expires_at
    WHERE d.lease_expires_at <= at
    RETURNING d.endpoint_id
  )
  SELECT count(graphile_worker.add_job(
      {{DRAIN_TASK}},
      json_build_object('endpointId', queued.endpoint_id),
      job_key => {{DRAIN_TASK}} || ':' || queued.endpoint_id::text,
      max_attempts => {{DRAIN_MAX_ATTEMPTS}}
    ))::integer
  INTO woken
  FROM queued;
  RETURN woken;
END;
$$;

-- The fan-out of one event (lib/platform/webhook-delivery/enqueue.ts), called in the event's transaction: a delivery to each enabled
-- endpoint of the organization subscribed to the type or to '*' (ALL_EVENT_TYPES), at most MAX_FAN_OUT (the endpoint
-- limit), then the drains' wake-up. A function so its statements are planned once per connection, not at every event.
-- The n-th delivery's id is `first_id` with its last byte XORed with n - 1 (one UUIDv7 made by the app per event:
-- unique as long as MAX_FAN_OUT <= 256, which db/function-files.integration.test.ts checks).
CREATE OR REPLACE FUNCTION webhook_enqueue_event(
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
    LIMIT {{MAX_FAN_OUT}}
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
