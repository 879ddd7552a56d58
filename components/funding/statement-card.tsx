'use client';
// Owns the statement download: the funding balance's movements for a period as CSV, with opening and closing balances.
import { PeriodDownload } from '@/components/ui/period-download';
import { getFundingStatementOperation } from '@/lib/payouts/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { saveBlob } from '@/lib/platform/browser/save-blob';

export function StatementCard() {
  return (
    <PeriodDownload
      title="Statement"
      description="Your USDT balance like a bank statement: the opening balance, every movement with the running balance, and the closing balance (both days included, in your timezone)."
      fromLabel="Statement from"
      toLabel="Statement to"
      download={async ({ from, to, fromDay, toDay }) =>
        saveBlob(
          await apiFetch(getFundingStatementOperation, { query: { from, to } }),
          `statement-${fromDay}-to-${toDay}.csv`,
        )
      }
      success="Statement downloaded"
      failure="Statement not downloaded"
    />
  );
}
