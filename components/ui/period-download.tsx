'use client';
// Owns "download a file for a period": two day inputs (both days included, in the reader's timezone), a button that
// is unavailable until the period makes sense, and a notice of how it went.
import { type ReactNode, useState } from 'react';
import { Button } from './button';
import { Card } from './card';
import { Field } from './field';
import { Input } from './input';
import { useToast } from './toast';

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

export function PeriodDownload({
  title,
  description,
  fromLabel = 'From',
  toLabel = 'To',
  buttonLabel = 'Download CSV',
  days = 30,
  download,
  success,
  failure,
}: {
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
}) {
  const notify = useToast();
  const [fromDay, setFromDay] = useState(() => localDay(-days));
  const [toDay, setToDay] = useState(() => localDay());
  const [busy, setBusy] = useState(false);
  const invalid = !fromDay || !toDay || fromDay > toDay;
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Field label={fromLabel}>
          <Input type="date" value={fromDay} onChange={(e) => setFromDay(e.target.value)} />
        </Field>
        <Field label={toLabel}>
          <Input type="date" value={toDay} onChange={(e) => setToDay(e.target.value)} />
        </Field>
        <Button
          variant="secondary"
          disabled={invalid}
          busy={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await download({
                fromDay,
                toDay,
                from: startOfLocalDay(fromDay),
                to: startOfLocalDay(toDay, 1),
              });
              notify({ tone: 'success', title: success });
            } catch (error) {
              notify({ tone: 'error', title: failure, description: (error as Error).message });
            } finally {
              setBusy(false);
            }
          }}
        >
          {buttonLabel}
        </Button>
      </div>
    </Card>
  );
}
