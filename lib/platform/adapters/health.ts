// Owns what an adapter says about its own health: the shape `/api/health/ready` lists per adapter. A degraded adapter
// is reported (with a reason fit for an operator, never a secret) and never fails readiness.
export type AdapterHealth = { state: 'ok' } | { state: 'degraded'; reason: string };

/** What every adapter implementation may offer: a cheap check of its outside service (an SMTP greeting, a feed's age). */
export interface ProbedAdapter {
  /** Absent: nothing outside to check (the sandbox simulations), reported `ok`. */
  probe?(): Promise<AdapterHealth>;
}
