'use client';
// Owns the detail drawer of one withdrawal: every field, with the transaction hash copyable.
import { useEffect, useRef } from 'react';
import { StatusBadge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { Money } from '@/components/ui/money';
import type { WithdrawalWire } from '@/lib/liquidity/contract/schemas';

export function WithdrawalDrawer({
  withdrawal,
  chainName,
  walletLabel,
  onClose,
}: {
  withdrawal: WithdrawalWire;
  chainName: string;
  walletLabel: string;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const rows: [string, React.ReactNode][] = [
    [
      'Status',
      <StatusBadge key="s" kind="withdrawal" status={withdrawal.status} detail={withdrawal.sub_status} />,
    ],
    // One movement of the ledger: every decimal of it.
    ['Amount', <Money key="m" amount={withdrawal.amount} currency="USDT" />],
    ['Chain', chainName],
    ['To wallet', walletLabel],
    [
      'To address',
      <span key="a" className="break-all font-mono text-xs">
        {withdrawal.wallet_address}
      </span>,
    ],
    [
      'Transaction hash',
      withdrawal.transaction_hash ? (
        <span key="h" className="flex items-start gap-2">
          <span className="break-all font-mono text-xs" data-testid="transaction-hash">
            {withdrawal.transaction_hash}
          </span>
          <CopyButton value={withdrawal.transaction_hash} label="Copy transaction hash" />
        </span>
      ) : (
        'Not broadcast yet'
      ),
    ],
    ['Custody reference', withdrawal.custody_transaction_id ?? '—'],
    ['Failure reason', withdrawal.failure_reason ?? '—'],
    [
      'Requested by',
      withdrawal.requested_by.type === 'api_key'
        ? `API key “${withdrawal.requested_by.name}”`
        : withdrawal.requested_by.name,
    ],
    [
      'Approved by',
      withdrawal.approved_by
        ? withdrawal.approved_by.name
        : withdrawal.sub_status === 'pending_approval'
          ? 'Waiting for a second approver'
          : '—',
    ],
    [
      'Withdrawal id',
      <span key="i" className="font-mono text-xs">
        {withdrawal.id}
      </span>,
    ],
    [
      'Request id',
      <span key="r" className="font-mono text-xs">
        {withdrawal.withdrawal_request_id}
      </span>,
    ],
    ['Created', <DateTime key="c" value={withdrawal.created_at} />],
    ['Updated', <DateTime key="u" value={withdrawal.updated_at} />],
  ];
  return (
    <div className="fixed inset-0 z-40 flex justify-end">
      <button
        type="button"
        tabIndex={-1}
        aria-label="Close the details"
        className="absolute inset-0 cursor-default bg-slate-900/30"
        onClick={onClose}
      />
      <aside
        role="dialog"
        aria-modal="true"
        aria-labelledby="withdrawal-drawer-title"
        className="relative h-full w-full max-w-md overflow-y-auto bg-white p-6 shadow-xl"
      >
        <div className="flex items-center justify-between">
          <h2 id="withdrawal-drawer-title" className="text-lg font-semibold text-slate-900">
            Withdrawal
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
          >
            Close
          </button>
        </div>
        <dl className="mt-4 space-y-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="mt-0.5 text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </div>
  );
}
