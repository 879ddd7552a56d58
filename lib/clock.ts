// Owns "now": every time-dependent rule reads the clock here so tests can move time.
let offsetMs = 0;
let frozenAt: number | undefined;

export function now(): Date {
  return new Date(frozenAt ?? Date.now() + offsetMs);
}

export function nowSeconds(): number {
  return Math.floor(now().getTime() / 1000);
}

/** Test-only: shift the clock forward (or back) by `ms`. */
export function advanceClock(ms: number): void {
  if (frozenAt !== undefined) frozenAt += ms;
  else offsetMs += ms;
}

/** Test-only: pin the clock at one instant until `resetClock`. */
export function freezeClock(at: Date): void {
  frozenAt = at.getTime();
}

export function resetClock(): void {
  offsetMs = 0;
  frozenAt = undefined;
}
