// Owns how dates and deadlines read on screen: the reader's locale and timezone, the timezone named on deadlines.

export type DateStyle = 'date' | 'datetime' | 'time' | 'deadline';

export interface DateFormatOptions {
  /** BCP 47 locale; defaults to en-US. */
  locale?: string;
  /** IANA timezone; defaults to UTC (the server's rendering) — the browser passes its own. */
  timeZone?: string;
}

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  datetime: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  // A deadline always says which clock it is on.
  deadline: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function toDate(value: string | Date): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${String(value)}`);
  return date;
}

/** "Nov 23, 2026, 02:05 PM" (en-US), "23 Nov 2026, 14:05 CET" (en-GB deadline in Europe/Berlin). */
export function formatDate(
  value: string | Date,
  style: DateStyle = 'datetime',
  options: DateFormatOptions = {},
) {
  const locale = options.locale ?? 'en-US';
  const timeZone = options.timeZone ?? 'UTC';
  const key = `${locale}|${timeZone}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(toDate(value));
}

/** The machine-readable form for <time dateTime>. */
export function isoString(value: string | Date): string {
  return toDate(value).toISOString();
}

export interface Countdown {
  expired: boolean;
  /** Within `urgentWithinMs` of the deadline (and not yet past it). */
  urgent: boolean;
  /** Milliseconds left, 0 once expired. */
  remainingMs: number;
  /** "2 d 4 h left", "1 h 05 min left", "4 min 09 s left", "expired". */
  label: string;
}

export const DEFAULT_URGENT_WITHIN_MS = 30 * 60_000;

export function countdown(
  deadline: string | Date,
  now: Date | number,
  urgentWithinMs: number = DEFAULT_URGENT_WITHIN_MS,
): Countdown {
  const remainingMs = toDate(deadline).getTime() - (typeof now === 'number' ? now : now.getTime());
  if (remainingMs <= 0) return { expired: true, urgent: false, remainingMs: 0, label: 'expired' };
  const seconds = Math.floor(remainingMs / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  const label =
    days > 0
      ? `${days} d ${hours} h left`
      : hours > 0
        ? `${hours} h ${pad(minutes)} min left`
        : minutes > 0
          ? `${minutes} min ${pad(secs)} s left`
          : `${secs} s left`;
  return { expired: false, urgent: remainingMs <= urgentWithinMs, remainingMs, label };
}
