// Owns structured logging: one JSON object per line on stdout, filtered by LOG_LEVEL; `path` and `url` fields are
// written with their secrets redacted (lib/platform/log-redaction.ts), whoever logs them.
import { redactPath } from './log-redaction';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

function threshold(): number {
  const configured = process.env.LOG_LEVEL as keyof typeof LEVELS | undefined;
  return LEVELS[configured ?? 'info'] ?? LEVELS.info;
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < threshold()) return;
  const safe = { ...fields };
  for (const name of ['path', 'url'] as const) {
    const value = safe[name];
    if (typeof value === 'string') safe[name] = redactPath(value);
  }
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...safe });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

/** A serialisable summary of an unknown error for logs (never for responses). */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const described: Record<string, unknown> = {
    error: error.name,
    error_message: error.message,
    stack: error.stack,
  };
  // Drizzle wraps the driver's error ("Failed query: …"): the PostgreSQL code (40P01 deadlock, 55P03 lock timeout, …)
  // is what tells an operator what happened, so the cause's code and message come along.
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    described.cause_message = cause.message;
    if ('code' in cause && typeof cause.code === 'string') described.cause_code = cause.code;
  }
  return described;
}
