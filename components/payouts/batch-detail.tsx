'use client';
// Owns /batches/[id]: the batch's header, then its quote review while it awaits confirmation, or its orders'
// progress after — refreshed by polling until the batch is final.
import Link from 'next/link';
import { useState } from 'react';
import { ApprovalProgress } from '@/components/approvals/approval-progress';
import { PageHeader } from '@/components/layout/page-header';
import { usePortal } from '@/components/layout/portal-context';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/client/errors';
import { type Batch, downloadSourceFile, useBatch } from './api';
import { BatchApprovalActions } from './batch-approval-actions';
import { BatchProgress } from './batch-progress';
import { BatchProofs } from './batch-proofs';
import { useAllBeneficiaries } from './profile-options';
import { QuoteReview } from './quote-review';

/** "Imported from <name>" with a download of the CSV kept with the batch (the audit record of the import). */
function SourceFile({ batch }: { batch: Batch }) {
  const notify = useToast();
  const [busy, setBusy] = useState(false);
  const file = batch.source_file;
  if (!file) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadSourceFile(batch.id, file.name);
    } catch (error) {
      notify({
        tone: 'error',
        title: 'The CSV was not downloaded',
        description: error instanceof Error ? error.message : '',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <span>
        Imported from <span className="font-medium text-slate-700">{file.name}</span>
      </span>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        busy={busy}
        onClick={() => void download()}
        title={`SHA-256 ${file.sha256}`}
      >
        Download CSV
      </Button>
    </span>
  );
}

export function BatchDetail({ batchId }: { batchId: string }) {
  const batch = useBatch(batchId);
  const beneficiaries = useAllBeneficiaries(true);
  const { sandbox } = usePortal();
  if (batch.isPending) return <LoadingBlock label="Loading the batch" lines={6} />;
  if (batch.isError) {
    const missing = batch.error instanceof PayoutApiError && batch.error.status === 404;
    return (
      <ErrorState
        title={missing ? 'No such batch' : 'The batch could not be loaded'}
        error={missing ? undefined : batch.error}
        onRetry={missing ? undefined : () => void batch.refetch()}
      />
    );
  }
  const { batch: b, orders } = batch.data;
  const payees = new Map((beneficiaries.data ?? []).map((x) => [x.id, x]));
  const names = new Map((beneficiaries.data ?? []).map((x) => [x.id, x.name]));
  return (
    <>
      <PageHeader
        title={b.client_reference ? `Batch ${b.client_reference}` : 'Batch'}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <StatusBadge kind="batch" status={b.status} />
            <span>
              Created <DateTime value={b.created_at} />
            </span>
            {b.confirmed_at ? (
              <span>
                Confirmed <DateTime value={b.confirmed_at} />
              </span>
            ) : null}
            <SourceFile batch={b} />
            <span className="inline-flex items-center gap-1 font-mono text-xs text-slate-500">
              {b.id}
              <CopyButton value={b.id} label="Copy batch id" />
            </span>
          </span>
        }
        actions={
          <Link href="/batches" className={buttonClasses('secondary')}>
            All batches
          </Link>
        }
      />
      {b.approval.status === 'not_required' ? null : (
        // Where the approval stands: each stage, who approved, how many more and from whom, or why it was rejected.
        <ApprovalProgress approval={b.approval} className="rounded-lg border border-slate-200 bg-white p-4" />
      )}
      <BatchApprovalActions batch={b} />
      {b.status === 'AWAITING_CONFIRMATION' ? (
        <QuoteReview
          data={batch.data}
          payees={payees}
          // The payees too: a change under the review may be a beneficiary's new bank account.
          onReload={() => Promise.all([batch.refetch(), beneficiaries.refetch()])}
        />
      ) : (
        <>
          <BatchProofs batchId={b.id} />
          <BatchProgress batch={b} firstOrders={orders} names={names} sandbox={sandbox} />
        </>
      )}
    </>
  );
}
