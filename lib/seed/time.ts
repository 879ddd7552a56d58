// Owns the seed's clock arithmetic: times relative to the moment the seed runs, and ids that match them.
import { v7 as uuidv7 } from 'uuid';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

export const hours = (count: number) => count * 60;
export const days = (count: number) => count * DAY_MINUTES;

export function addMinutes(at: Date, count: number): Date {
  return new Date(at.getTime() + count * MINUTE_MS);
}

export function minutesBefore(at: Date, count: number): Date {
  return addMinutes(at, -count);
}

/** A calendar date (`YYYY-MM-DD`, UTC) for `date` columns. */
export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * A UUIDv7 whose time part is the row's own created_at, so the id order (the list tie-breaker) agrees with the
 * back-dated history instead of with the second the seed happened to run (lib/ids always uses "now").
 */
export function idAt(at: Date): string {
  return uuidv7({ msecs: at.getTime() });
}
