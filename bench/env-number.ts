// Owns reading a benchmark's whole-number settings from the environment, so every bench refuses a bad value the same
// way before it starts anything.

/** `process.env[name]` as a whole number from 1 to `max`; `fallback` when unset or empty; a bad value throws. */
export function positiveInteger(name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max} (got ${raw})`);
  }
  return value;
}
