// Owns the state of one endpoint a worker process drains (it holds the lease): what it claimed, sends and has to record.
import type { DeliveryEndpoint, DeliveryToAttempt } from './deliver';

/** A claimed delivery: still due in the database until its answer is recorded (a crash loses nothing). */
export interface Claimed extends DeliveryToAttempt {
  manual: boolean;
  /** The re-send request this attempt answers (cleared when recorded, unless asked again meanwhile). */
  resendRequestedAt: string | null;
}

/** One answer, as the round trip's recordset takes it (snake case: the SQL reads these names). */
export interface Outcome {
  id: string;
  manual: boolean;
  ok: boolean;
  next_attempt_at: string | null;
  at: string;
  response_status: number | null;
  latency_ms: number;
  response_body: string | null;
  error: string | null;
  requested_at: string | null;
  /** When the answer came (ms, this process), for the flush deadline. */
  doneAt: number;
  endpointId: string;
}

type Leaving = 'handed-over' | 'idle' | 'lease-lost';

export interface Held {
  id: string;
  /** When this process took it (the slice). */
  since: number;
  /** The endpoint as the last round trip read it: attempts use its current URL and secrets. */
  endpoint: DeliveryEndpoint | undefined;
  inflight: Set<string>;
  /** Claimed, waiting for a slot (still due in the database: a crash loses nothing). */
  buffer: Claimed[];
  /** Answers not recorded yet. */
  finished: Outcome[];
  pollAt: number;
  pollDelay: number;
  idleSince: number | undefined;
  leaving: Leaving | undefined;
}

export function newHeld(id: string, since: number): Held {
  return {
    id,
    since,
    endpoint: undefined,
    inflight: new Set(),
    buffer: [],
    finished: [],
    pollAt: 0,
    pollDelay: 0,
    idleSince: undefined,
    leaving: undefined,
  };
}

/** Whether anything of the endpoint is still to be sent or recorded. */
export const busy = (held: Held) =>
  held.inflight.size > 0 || held.buffer.length > 0 || held.finished.length > 0;
