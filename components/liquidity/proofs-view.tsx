'use client';

// Owns /proofs: settlement routes with their proof-of-settlement files (name, size, date, transaction, SHA-256,
// download), the utilization proofs, and the organization's loans with their repayments.
import { StatusBadge, statusLabel } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { FormError } from '@/components/ui/form-error';
import { Money } from '@/components/ui/money';
import { Table } from '@/components/ui/table';
import type { ProofOfSettlementWire, SettlementRouteWire } from '@/lib/liquidity/contract/schemas';
import { chainName, decimalFromNumber, formatBytes, formatDate } from '@/lib/platform/format';
import {
  useLoanRepayments,
  useLoans,
  useRouteProofs,
  useSettlementRoutes,
  useUtilizationProofs,
} from './queries';

/** The on-chain settlement transaction of a proof, copyable, or a dash when none was recorded. */
export function SettlementTransaction({ proof }: { proof: ProofOfSettlementWire }) {
  if (!proof.transaction_hash) return <span className="text-xs text-slate-500">—</span>;
  return (
    <span className="flex items-center gap-2">
      <code
        className="min-w-[22ch] break-all text-[11px] text-slate-700"
        data-testid="proof-transaction-hash"
      >
        {proof.transaction_hash}
      </code>
      <CopyButton value={proof.transaction_hash} label="Copy the settlement transaction hash" />
    </span>
  );
}

function RouteProofs({ route }: { route: SettlementRouteWire }) {
  const proofs = useRouteProofs(route.id);
  return (
    <article className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" aria-label={route.name}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{route.name}</h3>
        <p className="text-xs text-slate-600">
          {route.currency} · {chainName(route.chain)} · {route.counterparty} · {statusLabel(route.status)}
        </p>
      </header>
      {proofs.isError ? (
        <FormError>Could not load the proofs: {proofs.error.message}</FormError>
      ) : proofs.data?.length === 0 ? (
        <p className="text-sm text-slate-500">No proofs of settlement yet.</p>
      ) : (
        <Table
          columns={['File', 'Size', 'Settled', 'Transaction', 'SHA-256', '']}
          caption={`Proofs of settlement: ${route.name}`}
        >
          {(proofs.data ?? []).map((proof) => (
            <tr key={proof.id} data-testid="proof-row">
              <td className="px-3 py-2">{proof.file_name}</td>
              <td className="whitespace-nowrap px-3 py-2 text-xs">{formatBytes(proof.file_size)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-xs">
                <DateTime value={proof.recorded_at} />
              </td>
              <td className="px-3 py-2">
                <SettlementTransaction proof={proof} />
              </td>
              <td className="px-3 py-2">
                <span className="flex items-center gap-2">
                  <code
                    className="min-w-[22ch] break-all text-[11px] text-slate-700"
                    data-testid="proof-sha256"
                  >
                    {proof.hash_sha256}
                  </code>
                  <CopyButton value={proof.hash_sha256} label={`Copy the SHA-256 of ${proof.file_name}`} />
                </span>
              </td>
              <td className="px-3 py-2 md:text-right">
                <a
                  href={new URL(proof.url).pathname}
                  download={proof.file_name}
                  className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  Download
                </a>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </article>
  );
}

export function ProofsView() {
  const routes = useSettlementRoutes();
  const utilization = useUtilizationProofs();
  const loans = useLoans();
  const repayments = useLoanRepayments();

  return (
    <div className="space-y-10">
      <section aria-labelledby="routes-heading" className="space-y-3">
        <h2 id="routes-heading" className="text-base font-semibold text-slate-900">
          Settlement routes and proofs
        </h2>
        <p className="text-sm text-slate-600">
          Each file downloads from this portal; its SHA-256 is shown so you can check the file you keep is the
          one we hold.
        </p>
        {routes.isError ? (
          <FormError>Could not load the routes: {routes.error.message}</FormError>
        ) : routes.data?.items.length === 0 ? (
          <p className="text-sm text-slate-500">No settlement routes yet.</p>
        ) : (
          (routes.data?.items ?? []).map((route) => <RouteProofs key={route.id} route={route} />)
        )}
      </section>

      <section aria-labelledby="utilization-heading" className="space-y-3">
        <h2 id="utilization-heading" className="text-base font-semibold text-slate-900">
          Utilization proofs
        </h2>
        {utilization.isError ? (
          <FormError>Could not load utilization proofs: {utilization.error.message}</FormError>
        ) : (
          <Table columns={['Recorded', 'Amount']} caption="Utilization proofs">
            {(utilization.data ?? []).map((item) => (
              <tr key={item.id}>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={item.created_at} />
                </td>
                <td className="px-3 py-2 md:text-right">
                  <Money amount={decimalFromNumber(item.amount)} currency={item.currency} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>

      <section aria-labelledby="loans-heading" className="space-y-3">
        <h2 id="loans-heading" className="text-base font-semibold text-slate-900">
          Loans
        </h2>
        {loans.isError ? (
          <FormError>Could not load loans: {loans.error.message}</FormError>
        ) : (
          <Table
            columns={['Principal', 'Rate', 'Drawn', 'Repaid', 'Outstanding', 'Status', 'Term']}
            caption="Loans"
          >
            {(loans.data?.items ?? []).map((loan) => (
              <tr key={loan.id}>
                <td className="px-3 py-2">
                  <Money amount={loan.principal} currency={loan.currency} />
                </td>
                <td className="px-3 py-2 tabular-nums">{loan.interest_rate_percent} %</td>
                <td className="px-3 py-2">
                  <Money amount={loan.drawn_amount} currency={loan.currency} />
                </td>
                <td className="px-3 py-2">
                  <Money amount={loan.repaid_amount} currency={loan.currency} />
                </td>
                <td className="px-3 py-2">
                  <Money amount={loan.outstanding_amount} currency={loan.currency} />
                </td>
                <td className="px-3 py-2">
                  <StatusBadge kind="loan" status={loan.status} />
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-xs">
                  {/* Calendar days: formatted in UTC, where the date string means that day. */}
                  {formatDate(loan.starts_on, 'date')} → {formatDate(loan.due_on, 'date')}
                </td>
              </tr>
            ))}
          </Table>
        )}
        <h3 className="pt-2 text-sm font-semibold text-slate-900">Repayments</h3>
        {repayments.isError ? (
          <FormError>Could not load repayments: {repayments.error.message}</FormError>
        ) : (
          <Table columns={['Paid', 'Amount', 'Reference']} caption="Loan repayments">
            {(repayments.data?.items ?? []).map((repayment) => (
              <tr key={repayment.id}>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={repayment.paid_at} />
                </td>
                <td className="px-3 py-2">
                  <Money amount={repayment.amount} currency={repayment.currency} />
                </td>
                <td className="px-3 py-2">{repayment.reference ?? '—'}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </div>
  );
}
