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
