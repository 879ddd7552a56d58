'use client';
// Owns the batch page's link to the proof of settlement that names the batch (when staff attached one), with its
// on-chain transaction. An organization without liquidity utilization, or a batch with no proof, shows nothing.
import { SettlementTransaction } from '@/components/liquidity/proofs-view';
import { DateTime } from '@/components/ui/date-time';
import { listBatchProofsOperation } from '@/lib/liquidity/contract/routes';
import { useApiQuery } from '@/lib/platform/browser/queries';

export function BatchProofs({ batchId }: { batchId: string }) {
  const proofs = useApiQuery(listBatchProofsOperation, { params: { batchId } }, { retry: false });
  if (!proofs.data?.length) return null;
  return (
    <section
      aria-labelledby="batch-proofs-heading"
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="batch-proofs-heading" className="text-sm font-semibold text-slate-900">
        Proof of settlement
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {proofs.data.map((proof) => (
          <li
            key={proof.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1"
            data-testid="batch-proof"
          >
            <a
              href={new URL(proof.url).pathname}
              download={proof.file_name}
              className="font-medium text-accent-700 hover:underline"
            >
              {proof.file_name}
            </a>
            <span className="text-xs text-slate-600">
              settled <DateTime value={proof.recorded_at} />
            </span>
            <span className="text-xs text-slate-600">Transaction</span>
            <SettlementTransaction proof={proof} />
          </li>
        ))}
      </ul>
    </section>
  );
}
