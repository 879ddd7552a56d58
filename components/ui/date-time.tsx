'use client';
// Owns dates and deadlines on screen: the reader's locale and timezone in a <time>, a live countdown to a deadline.
import { useEffect, useState } from 'react';
import {
  countdown,
  type DateStyle,
  DEFAULT_URGENT_WITHIN_MS,
  formatDate,
  isoString,
} from '@/lib/platform/format';
import { Badge } from './badge';
import { cn } from './cn';
import { useLocale } from './locale';

export function DateTime({
  value,
  style = 'datetime',
  className,
}: {
  value: string;
  style?: DateStyle;
  className?: string;
}) {
  const { locale, timeZone } = useLocale();
  return (
    <time dateTime={isoString(value)} className={cn('whitespace-nowrap', className)} suppressHydrationWarning>
      {formatDate(value, style, { locale, timeZone })}
    </time>
  );
}

/** The current time, ticking every `intervalMs` in the browser only (null while rendering on the server). */
export function useNow(intervalMs: number): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * "1 h 05 min left" beside the deadline with its timezone; amber when within `urgentWithinMs`, "Expired" after.
 * Ticks every second in the browser; the server renders only the deadline.
 */
export function Countdown({
  deadline,
  urgentWithinMs = DEFAULT_URGENT_WITHIN_MS,
  showDeadline = true,
}: {
  deadline: string;
  urgentWithinMs?: number;
  showDeadline?: boolean;
}) {
  const now = useNow(1000);
  const state = now === null ? null : countdown(deadline, now, urgentWithinMs);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {state ? (
        state.expired ? (
          <Badge tone="neutral">Expired</Badge>
        ) : (
          <Badge tone={state.urgent ? 'warning' : 'info'}>
            <span className="tabular-nums">{state.label}</span>
          </Badge>
        )
      ) : null}
      {showDeadline ? (
        <span className="text-xs text-slate-500">
          {state?.expired ? 'expired ' : 'until '}
          <DateTime value={deadline} style="deadline" />
        </span>
      ) : null}
    </span>
  );
}
