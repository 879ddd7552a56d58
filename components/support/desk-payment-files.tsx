'use client';
// Owns the payment files panel of the payouts desk (operations): the latest files with download, mark sent and cancel,
// the bank's report upload, and what the report did — applied, already final, unmatched (listed, never guessed). The
// server checks four eyes and applies each outcome through the order lifecycle; this panel only asks and shows.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import type { PaymentFileWire, PaymentReportWire } from '@/lib/payouts/contract/payment-file-schemas';
import {
  applyPaymentReportOperation,
  cancelPaymentFileOperation,
  downloadPaymentFileOperation,
  getPayoutsDeskOperation,
  listPaymentFilesOperation,
  markPaymentFileSentOperation,
} from '@/lib/payouts/contract/routes';
import { apiFetch, PayoutApiError, pathOf } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { formatMoney } from '@/lib/platform/format';

const errorText = (error: unknown) =>
  error instanceof PayoutApiError ? error.message : 'Something went wrong. Try again.';

const STATUS_TONE = { built: 'warning', sent: 'success', cancelled: 'neutral' } as const;

/** A file's buttons: download, and while it is only built, mark sent or cancel. */
function FileActions({ file }: { file: PaymentFileWire }) {
  const [busy, setBusy] = useState<'sent' | 'cancel' | null>(null);
  const queryClient = useQueryClient();
  const notify = useToast();
  const act = async (action: 'sent' | 'cancel') => {
    setBusy(action);
    try {
      const operation = action === 'sent' ? markPaymentFileSentOperation : cancelPaymentFileOperation;
      await apiFetch(operation, { params: { fileId: file.id } });
      notify({
        title: action === 'sent' ? 'File marked sent: its orders are in flight' : 'File cancelled',
        tone: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [listPaymentFilesOperation.id] }),
        queryClient.invalidateQueries({ queryKey: [getPayoutsDeskOperation.id] }),
      ]);
    } catch (error) {
      notify({ title: 'Nothing changed', description: errorText(error), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2 max-md:justify-end">
      <a
        href={pathOf(downloadPaymentFileOperation, { fileId: file.id })}
        download={file.filename}
        className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        Download
      </a>
      {file.status === 'built' ? (
        <>
          <Button size="sm" busy={busy === 'sent'} onClick={() => act('sent')}>
            Mark sent
          </Button>
          <Button size="sm" variant="ghost" busy={busy === 'cancel'} onClick={() => act('cancel')}>
            Cancel
          </Button>
        </>
      ) : null}
    </div>
  );
}

function ReportResult({ report }: { report: PaymentReportWire }) {
  return (
    <section aria-label="Report result" className="space-y-2 text-sm">
      <p>
        {report.already_applied
          ? 'This report was already applied: nothing changed.'
          : `${report.applied.length} applied, ${report.recorded.length} recorded without a change, ${report.already_final.length} already final, ${report.unmatched.length} unmatched.`}
      </p>
      {report.already_final.length > 0 ? (
        <ul aria-label="Already final" className="list-disc pl-5 text-xs">
          {report.already_final.map((entry) => (
            <li key={`${entry.order_id}:${entry.status}`} className="font-mono">
              {entry.order_id}: {entry.status} (the order is {entry.order_status})
            </li>
          ))}
        </ul>
      ) : null}
      {report.unmatched.length > 0 ? (
        <ul aria-label="Unmatched entries" className="list-disc pl-5 text-xs">
          {report.unmatched.map((entry) => (
            <li key={`${entry.reference}:${entry.status}:${entry.reason}`} className="font-mono">
              {entry.reference} {entry.status}: {entry.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function UploadReport() {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<PaymentReportWire | null>(null);
  const queryClient = useQueryClient();
  const notify = useToast();
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set('file', file);
      setReport(await apiFetch(applyPaymentReportOperation, { body }));
      await queryClient.invalidateQueries({ queryKey: [getPayoutsDeskOperation.id] });
    } catch (error) {
      notify({ title: 'The report was not applied', description: errorText(error), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="file"
          aria-label="Bank report (pain.002, camt.054 or CSV)"
          accept=".xml,.csv,application/xml,text/xml,text/csv"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Button size="sm" busy={busy} disabled={!file} onClick={upload}>
          Upload report
        </Button>
      </div>
      {report ? <ReportResult report={report} /> : null}
    </div>
  );
}

export function DeskPaymentFiles({ me }: { me: string }) {
  const result = useApiQuery(listPaymentFilesOperation, {});
  return (
    <section aria-labelledby="payment-files-heading" className="space-y-3">
      <h2 id="payment-files-heading" className="text-lg font-semibold">
        Payment files
      </h2>
      <Card title="The bank's report">
        <UploadReport />
      </Card>
      {result.isPending ? (
        <LoadingBlock label="Loading payment files" />
      ) : result.isError ? (
        <ErrorState error={result.error} onRetry={() => result.refetch()} />
      ) : result.data.data.length === 0 ? (
        <EmptyState
          title="No payment files yet"
          description="Choose orders to pay and build a file for the bank."
        />
      ) : (
        <Table columns={['File', 'Format', 'Transactions', 'Status', '']} caption="Payment files">
          {/* Literal rows and cells: Table turns only those into cards on a phone (a row component stays a wide row). */}
          {result.data.data.map((file) => (
            <tr key={file.id}>
              <td className="px-3 py-2 font-mono text-xs">{file.filename}</td>
              <td className="px-3 py-2">{file.format}</td>
              <td className="px-3 py-2 font-mono tabular-nums">
                {file.transaction_count} · {formatMoney(file.control_sum, file.currency)}
              </td>
              <td className="px-3 py-2">
                <Badge tone={STATUS_TONE[file.status]}>{file.status}</Badge>
                {file.created_by_user_id === me ? (
                  <span className="block text-xs text-slate-500">
                    built by you: someone else applies its report
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2">
                <FileActions file={file} />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
