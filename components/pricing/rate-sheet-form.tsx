'use client';
// Owns treasury's rate sheet form: the rates pasted one currency a line, how long the sheet quotes, and what the
// server said about it. Once published it is in force at once; quotes already made keep their rate.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useToast } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/client/errors';
import { publishRateSheetRequest } from './api';
import { readSheetText } from './sheet-text';

/** How long a sheet may quote, as treasury chooses it (the server allows 5 minutes to 7 days). */
const VALIDITY_CHOICES = [
  { hours: 1, label: '1 hour' },
  { hours: 4, label: '4 hours' },
  { hours: 8, label: '8 hours' },
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
] as const;

/** The server's refusal in the sheet's own terms: `rates.2.units_per_usdt` is line 3 of what was sent. */
function serverProblems(error: unknown, lines: number[]): string[] {
  if (!(error instanceof PayoutApiError)) return ['The sheet did not reach the server. Try again.'];
  if (error.fieldErrors.length === 0) return [error.message];
  return error.fieldErrors.map((fieldError) => {
    const match = /^rates\.(\d+)\.[a-z_]+: (.*)$/.exec(fieldError.message);
    if (match) return `Line ${lines[Number(match[1])] ?? Number(match[1]) + 1}: ${match[2]}`;
    return fieldError.message;
  });
}

export function RateSheetForm({ onPublished }: { onPublished?: () => void | Promise<void> }) {
  const notify = useToast();
  const ratesId = useId();
  const validityId = useId();
  const problemsId = useId();
  const [text, setText] = useState('');
  const [hours, setHours] = useState('24');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const reading = readSheetText(text);
    if (reading.problems.length > 0) {
      setProblems(reading.problems);
      return;
    }
    // Lines of the rates as sent, so the server's `rates.N` is named by the line treasury typed it on.
    const lines = text
      .split(/\r?\n/)
      .map((line, index) => (line.trim() ? index + 1 : 0))
      .filter(Boolean);
    const validUntil = new Date(Date.now() + Number(hours) * 3_600_000).toISOString();
    setBusy(true);
    try {
      await publishRateSheetRequest({ valid_until: validUntil, rates: reading.rates });
    } catch (error) {
      setProblems(serverProblems(error, lines));
      return;
    } finally {
      setBusy(false);
    }
    setProblems([]);
    setText('');
    notify({
      tone: 'success',
      title: 'Rate sheet published',
      description: `${reading.rates.length} rate${reading.rates.length === 1 ? '' : 's'}, in force until ${new Date(validUntil).toLocaleString()}`,
    });
    await onPublished?.();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={ratesId} className="block text-sm font-medium">
          Rates (units per USDT)
        </label>
        <p className="text-xs text-slate-600">
          One currency a line, mid-market before margin: <span className="font-mono">EUR 0.9231</span>. A
          currency left out has no rate: its orders are refused until the next sheet.
        </p>
        <Textarea
          id={ratesId}
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="font-mono"
          aria-invalid={problems.length > 0}
          aria-describedby={problems.length > 0 ? problemsId : undefined}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={validityId} className="block text-sm font-medium">
          Valid for
        </label>
        <NativeSelect
          id={validityId}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          className="w-40"
        >
          {VALIDITY_CHOICES.map((choice) => (
            <option key={choice.hours} value={String(choice.hours)}>
              {choice.label}
            </option>
          ))}
        </NativeSelect>
        <p className="text-xs text-slate-600">
          After that, quoting is refused (clients are told to try again later) until a new sheet is published.
        </p>
      </div>
      {problems.length > 0 ? (
        <ul id={problemsId} role="alert" className="list-disc space-y-1 pl-5 text-sm text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Publishing…' : 'Publish rate sheet'}
      </Button>
    </form>
  );
}
