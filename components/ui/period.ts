// Owns what a download period is: the days a person picks (in their timezone) and the instants the API takes.
import type { ReactNode } from 'react';

/** A date input's day (`YYYY-MM-DD`) as the start of that day in the reader's timezone, in ISO (the API takes instants). */
export function startOfLocalDay(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays).toISOString();
}

/** Today (plus `offsetDays`) in the reader's timezone, as a date input's value. */
export function localDay(offsetDays = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export interface Period {
  /** The first day's value, e.g. `2026-11-01`. */
  fromDay: string;
  /** The last day's value (included). */
  toDay: string;
  /** Start of the first day, ISO. */
  from: string;
  /** Start of the day after the last, ISO: the period's exclusive end. */
  to: string;
}

export interface PeriodDownloadProps {
  title: string;
  description: ReactNode;
  fromLabel?: string;
  toLabel?: string;
  buttonLabel?: string;
  /** How far back the period starts by default. */
  days?: number;
  download: (period: Period) => Promise<void>;
  success: string;
  failure: string;
}
