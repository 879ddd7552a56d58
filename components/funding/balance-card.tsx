'use client';
// Owns the funding balance card: available, held and total USDT, read from /api/v2 with the browser session.
import { getFundingBalanceOperation } from '@/lib/api/operations/funding';
import { useApiQuery } from '@/lib/browser/queries';

/** Thousands separators without ever turning the amount into a JS number. */
function group(amount: string): string {
  const [whole = '0', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

export function BalanceCard() {
  const balance = useApiQuery(getFundingBalanceOperation, {});
  return (
    <section
      aria-labelledby="balance-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="balance-heading" className="text-sm font-medium text-slate-500">
        Funding balance
      </h2>
      {balance.isPending ? (
        <div
          className="mt-3 h-8 w-48 animate-pulse rounded bg-slate-100"
          role="status"
          aria-label="Loading balance"
        />
      ) : balance.isError ? (
        <div role="alert" className="mt-3 flex items-center gap-3 text-sm text-red-700">
          Could not load the balance: {balance.error.message}
          <button
            type="button"
            onClick={() => balance.refetch()}
            className="rounded border border-red-200 px-2 py-1 hover:bg-red-50"
          >
            Retry
          </button>
        </div>
      ) : (
        <dl className="mt-3 grid grid-cols-3 gap-4">
          {(
            [
              ['Available', balance.data.available],
              ['Held', balance.data.held],
              ['Total', balance.data.total],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
              <dd
                className="mt-1 font-mono text-lg font-semibold text-slate-900"
                data-testid={`balance-${label.toLowerCase()}`}
              >
                {group(value)} <span className="text-xs font-normal text-slate-500">USDT</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
