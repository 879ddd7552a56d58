'use client';
// Owns importing a batch from a CSV file: the template, the upload, every row checked (in chunks, so the page stays
// responsive), accepted/rejected counts, a virtualised table of the rows with their errors, and creating the draft.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRouter } from 'next/navigation';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/components/ui/cn';
import { FileDropZone } from '@/components/ui/file-drop-zone';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { tableClasses } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { PayoutApiError } from '@/lib/platform/client/errors';
import { countOf, formatMoney } from '@/lib/platform/format';
import { attachSourceFile, createBatchRequest, saveBlob } from './api';
import {
  acceptedItems,
  CSV_COLUMNS,
  csvTemplate,
  type ImportedRow,
  type ImportResult,
  importCsv,
  MAX_IMPORT_ROWS,
  referenceIndex,
  rejectedRowsCsv,
} from './csv-import';
import { type BeneficiaryOption, useAllBeneficiaries } from './profile-options';
import { orderFieldErrors, ratesUnavailableText } from './server-errors';

interface DraftValues {
  client_reference: string;
}

const referenceSchema = lazySchema(() =>
  import('@/lib/payouts/contract/form-schemas').then((m) => m.draftReference),
);

function saveText(text: string, name: string) {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}

function indexOf(list: readonly BeneficiaryOption[]): Map<string, BeneficiaryOption> {
  return new Map(list.map((b) => [b.id.toLowerCase(), b]));
}

export function CsvImportPanel() {
  const router = useRouter();
  const notify = useToast();
  const beneficiaries = useAllBeneficiaries(true);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [onlyRejected, setOnlyRejected] = useState(false);
  const form = useForm<DraftValues>({
    resolver: useLazyResolver<DraftValues>(referenceSchema),
    defaultValues: { client_reference: '' },
  });
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const run = useRef(0);
  /** The file the rows came from: kept with the draft as its audit record. */
  const source = useRef<File | null>(null);

  const index = useMemo(() => indexOf(beneficiaries.data ?? []), [beneficiaries.data]);

  const onFile = async (file: File) => {
    const id = ++run.current;
    source.current = file;
    setResult(null);
    setServerProblem(null);
    setProgress({ done: 0, total: 0 });
    const started = performance.now();
    const text = await file.text();
    // A file dropped before the beneficiaries arrived waits for them: otherwise every row would read "not found".
    const list = beneficiaries.data ?? (await beneficiaries.refetch()).data ?? [];
    const known = beneficiaries.data ? index : indexOf(list);
    if (run.current !== id) return;
    const context = { beneficiaries: known, byReference: referenceIndex(list) };
    const imported = await importCsv(file.name, text, context, (done, total) => {
      if (run.current === id) setProgress({ done, total });
    });
    if (run.current !== id) return;
    setProgress(null);
    setOnlyRejected(imported.rejected > 0);
    setResult(imported);
    // For bench/csv-import.ts: the time from choosing the file to the validated table.
    performance.measure('csv-import', { start: started, end: performance.now() });
  };

  const template = () =>
    saveText(
      csvTemplate((beneficiaries.data ?? []).filter((b) => b.status === 'ready')),
      'payout-batch-template.csv',
    );

  const create = async ({ client_reference }: DraftValues) => {
    if (!result) return;
    // createBatch is all-or-nothing: the draft is made of the good rows alone; the rejected ones stay listed.
    const accepted = acceptedItems(result);
    setServerProblem(null);
    try {
      const created = await createBatchRequest(
        {
          ...(client_reference ? { client_reference } : {}),
          orders: accepted as never,
        },
        crypto.randomUUID(),
      );
      notify({
        tone: 'success',
        title: `Draft batch created with ${countOf(accepted.length, 'order')}`,
        description: 'Review its quote, then confirm it.',
      });
      // The draft exists whatever happens to its audit copy: a refusal is reported, and the review still opens.
      if (source.current) {
        try {
          await attachSourceFile(created.batch.id, source.current);
        } catch (error) {
          notify({
            tone: 'error',
            title: 'The CSV was not kept with the batch',
            description: error instanceof Error ? error.message : 'The upload did not reach the server.',
          });
        }
      }
      router.push(`/batches/${created.batch.id}`);
    } catch (error) {
      if (!(error instanceof PayoutApiError)) {
        setServerProblem('The request did not reach the server. Check your connection and try again.');
        return;
      }
      const ratesDown = ratesUnavailableText(error);
      if (ratesDown) {
        setServerProblem(ratesDown);
        return;
      }
      // The server names orders by their index in the request: put each error back on its CSV row.
      const problems = orderFieldErrors(error.fieldErrors, error.message);
      const referenceProblem = problems.find((p) => p.order === null && p.field === 'client_reference');
      if (referenceProblem)
        form.setError('client_reference', { type: 'server', message: referenceProblem.message });
      const rows = result.rows.map((row) => ({ ...row, errors: [...row.errors] }));
      const acceptedRows = rows.filter((row) => row.item);
      let marked = 0;
      for (const problem of problems) {
        const row = problem.order === null ? undefined : acceptedRows[problem.order];
        if (!row) continue;
        const column = (CSV_COLUMNS as readonly string[]).includes(problem.field ?? '')
          ? (problem.field as (typeof CSV_COLUMNS)[number])
          : null;
        row.errors.push({ column, message: problem.message });
        marked++;
      }
      for (const row of rows) if (row.errors.length) row.item = null;
      const acceptedCount = rows.filter((row) => row.item).length;
      setResult({ ...result, rows, accepted: acceptedCount, rejected: rows.length - acceptedCount });
      setOnlyRejected(marked > 0);
      setServerProblem(marked > 0 ? 'The server refused some rows: they are marked below.' : error.message);
    }
  };

  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        <p>
          One order per line, up to {MAX_IMPORT_ROWS.toLocaleString()} lines. Columns: the beneficiary, by{' '}
          <code className="text-xs">beneficiary_profile_id</code> or by your own reference for it in{' '}
          <code className="text-xs">beneficiary_reference</code> (either is enough; a single{' '}
          <code className="text-xs">beneficiary</code> column may hold either),{' '}
          <code className="text-xs">beneficiary_amount</code>, <code className="text-xs">fee_type</code> (OUR
          or SHA), <code className="text-xs">purpose_code</code>; optional{' '}
          <code className="text-xs">beneficiary_currency</code>,{' '}
          <code className="text-xs">client_reference</code> (the order&apos;s reference),{' '}
          <code className="text-xs">sender_profile_id</code>,{' '}
          <code className="text-xs">beneficiary_name</code>. The template lists every ready beneficiary with
          its id and reference. Amounts take a point for decimals (1250.50); a file saved with semicolons, as
          Excel does in much of Europe, may use a comma (1250,50). An amount that could be read two ways
          (4.200) is rejected, and the table shows each amount as it was read.
        </p>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={template}
          disabled={!beneficiaries.data}
        >
          Download the CSV template
        </Button>
      </div>
      <FileDropZone
        label="Upload a batch CSV"
        hint="A .csv file; it is checked in your browser before anything is sent."
        accept=".csv,text/csv"
        maxBytes={8 * 1024 * 1024}
        disabled={!beneficiaries.data}
        onFiles={(files) => {
          if (files[0]) void onFile(files[0]);
        }}
      />
      {progress ? (
        <div role="status" className="text-sm text-slate-600">
          Checking rows…{' '}
          {progress.total ? `${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}` : ''}
          <progress className="ml-3 h-2 w-40 align-middle" max={progress.total || 1} value={progress.done} />
        </div>
      ) : null}
      {result ? (
        <ImportReport
          result={result}
          onlyRejected={onlyRejected}
          onOnlyRejected={setOnlyRejected}
          onDownloadRejected={() => saveText(rejectedRowsCsv(result), `rejected-${result.fileName}`)}
        />
      ) : null}
      {result && !result.fileError && result.mapping.missing.length === 0 && result.accepted > 0 ? (
        <Form
          form={form}
          onSubmit={create}
          summary={false}
          aria-label="Create the draft"
          className="flex flex-wrap items-end justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <FormField
            control={form.control}
            name="client_reference"
            label="Batch reference"
            hint="Optional, e.g. payroll-2026-11"
            className="w-full max-w-sm"
          >
            {(field) => <Input maxLength={140} {...field} />}
          </FormField>
          <div className="flex flex-col items-end gap-1">
            <FormSubmit changesState>
              {result.rejected > 0
                ? `Create the draft with the ${countOf(result.accepted, 'good row')}`
                : `Create draft with ${countOf(result.accepted, 'order')}`}
            </FormSubmit>
            {result.rejected > 0 ? (
              <p className="text-xs text-slate-600">
                {result.rejected === 1
                  ? 'The rejected row is left out: download it with its errors, fix it and import it as another batch.'
                  : `The ${result.rejected.toLocaleString()} rejected rows are left out: download them with their errors, fix them and import them as another batch.`}
              </p>
            ) : null}
          </div>
        </Form>
      ) : null}
      {serverProblem ? <FormError>{serverProblem}</FormError> : null}
    </div>
  );
}

function ImportReport({
  result,
  onlyRejected,
  onOnlyRejected,
  onDownloadRejected,
}: {
  result: ImportResult;
  onlyRejected: boolean;
  onOnlyRejected: (value: boolean) => void;
  onDownloadRejected: () => void;
}) {
  const { mapping } = result;
  if (result.fileError || mapping.missing.length || mapping.duplicated.length) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">{result.fileName} could not be read as a batch</p>
        <ul className="mt-2 list-disc pl-5">
          {result.fileError ? <li>{result.fileError}</li> : null}
          {mapping.missing.map((c) => (
            <li key={c}>Missing column: {c}</li>
          ))}
          {mapping.duplicated.map((c) => (
            <li key={c}>Column given twice: {c}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <section aria-label="Import result" className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <p className="font-semibold text-slate-900">{result.fileName}</p>
        <p data-testid="csv-accepted">
          <span className="font-semibold text-emerald-700">{result.accepted.toLocaleString()}</span> accepted
        </p>
        <p data-testid="csv-rejected">
          <span className={cn('font-semibold', result.rejected ? 'text-red-700' : 'text-slate-700')}>
            {result.rejected.toLocaleString()}
          </span>{' '}
          rejected
        </p>
        {mapping.ignored.length ? (
          <p className="text-slate-600">Ignored columns: {mapping.ignored.join(', ')}</p>
        ) : null}
      </div>
      {result.rejected > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <Checkbox checked={onlyRejected} onCheckedChange={onOnlyRejected} label="Show only rejected rows" />
          <Button type="button" variant="secondary" size="sm" onClick={onDownloadRejected}>
            Download rejected rows with their errors
          </Button>
        </div>
      ) : null}
      <RowsTable rows={onlyRejected ? result.rows.filter((row) => !row.item) : result.rows} />
    </section>
  );
}

/**
 * What a row will pay, as read: the amount the draft will carry when the row is accepted, with what the file said
 * beside it when the two are written differently (4200,00 → 4,200.00 EUR), so no separator is read unseen.
 */
function AmountCell({ row }: { row: ImportedRow }) {
  const typed = row.values.beneficiary_amount ?? '';
  if (!row.item) return <>{`${typed} ${row.values.beneficiary_currency ?? ''}`.trim()}</>;
  const { beneficiary_amount: amount, beneficiary_currency: currency } = row.item;
  return (
    <>
      {formatMoney(amount, currency)}
      {amount !== typed ? <span className="block text-xs text-slate-500">typed {typed}</span> : null}
    </>
  );
}

/** A first guess of a row's height; each row is measured once drawn, as a wrapped reason makes it taller. */
const ROW_HEIGHT = 40;

/** The columns, with the name a card shows beside each cell below md. */
const COLUMNS = ['Row', 'Beneficiary', 'Amount', 'Fee', 'Purpose', 'Reference', 'Result'] as const;

/**
 * A real table whose body renders only the rows in view, with spacer rows standing in for the rest. Rows are
 * measured, not fixed, so a rejection reason wraps in full instead of being cut off; below md (a phone) each row is a
 * card of labelled cells (tableClasses, as every table), so the reason is on screen rather than past a sideways
 * scroll.
 */
function RowsTable({ rows }: { rows: readonly ImportedRow[] }) {
  const scroller = useRef<HTMLElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtual.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  // Short values stay on one line on a wide screen (the full value in the title); a card wraps them.
  const cell = cn(tableClasses.cell, 'md:px-3 md:py-2');
  const oneLine = 'md:truncate';
  const labelled = (column: (typeof COLUMNS)[number]) => ({ 'data-label': column });
  return (
    <section
      ref={scroller}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboards can scroll it
      tabIndex={0}
      aria-label="Imported rows"
      className="h-[28rem] overflow-auto rounded-lg border border-slate-200 bg-white text-sm"
    >
      <table
        className="block w-full text-left md:table md:min-w-[56rem] md:table-fixed"
        aria-rowcount={rows.length + 1}
      >
        <caption className="sr-only">Imported rows and their result</caption>
        <colgroup>
          <col className="w-16" />
          <col className="w-56" />
          <col className="w-36" />
          <col className="w-16" />
          <col className="w-20" />
          <col className="w-32" />
          <col />
        </colgroup>
        <thead className="sr-only text-xs font-semibold uppercase tracking-wide text-slate-500 md:not-sr-only md:table-header-group">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="top-0 z-10 bg-slate-50 px-3 py-2 md:sticky">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {top > 0 ? (
            <tr className="block md:table-row">
              <td colSpan={7} className="block md:table-cell" style={{ height: top, padding: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index]!;
            const message = row.errors
              .map((e) => `row ${row.row}${e.column ? `, ${e.column}` : ''}: ${e.message}`)
              .join('; ');
            return (
              <tr
                key={item.key}
                ref={virtual.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={cn(
                  'block border-b border-slate-100 py-2 md:table-row md:py-0',
                  !row.item && 'bg-red-50/60',
                )}
              >
                <td className={cn(cell, 'tabular-nums text-slate-500')} {...labelled('Row')}>
                  {row.row}
                </td>
                <td
                  className={cn(cell, oneLine)}
                  title={row.values.beneficiary_profile_id || row.values.beneficiary_reference}
                  {...labelled('Beneficiary')}
                >
                  {row.beneficiaryName ||
                    row.values.beneficiary_profile_id ||
                    row.values.beneficiary_reference ||
                    '—'}
                </td>
                <td className={cn(cell, 'tabular-nums')} {...labelled('Amount')}>
                  <AmountCell row={row} />
                </td>
                <td className={cn(cell, oneLine)} {...labelled('Fee')}>
                  {row.values.fee_type}
                </td>
                <td className={cn(cell, oneLine)} {...labelled('Purpose')}>
                  {row.values.purpose_code}
                </td>
                <td
                  className={cn(cell, oneLine)}
                  title={row.values.client_reference}
                  {...labelled('Reference')}
                >
                  {row.values.client_reference}
                </td>
                {/* The reason in full: it wraps, and the row grows to hold it. */}
                <td
                  className={cn(
                    cell,
                    'whitespace-normal [overflow-wrap:anywhere]',
                    row.item ? 'text-emerald-700' : 'text-red-700',
                  )}
                  {...labelled('Result')}
                >
                  {row.item ? 'OK' : message}
                </td>
              </tr>
            );
          })}
          {bottom > 0 ? (
            <tr className="block md:table-row">
              <td colSpan={7} className="block md:table-cell" style={{ height: bottom, padding: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
