'use client';
import { SettleDialog } from '@/components/support/chain-settle-dialog';
// Owns the Chain page's credited deposits that vanished in a reorganisation deeper than the confirmations (EVM
// custody): each open alert with its deposit (chain, transaction, log, amount, organization, when credited and when it
// vanished), settled with a note as reinstated (the server checks the node shows it again with its confirmations) or
// written off (the provider bears it). Neither moves money; the credit stands (decision 0325).
import { chainName } from '@/components/support/custody-chains';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { ListStates } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { listChainAlertsOperation, resolveChainAlertOperation } from '@/lib/funding/contract/routes';
import type { ChainAlertWire } from '@/lib/funding/contract/support-schemas';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import { formatMoney } from '@/lib/platform/format';

const noteSchema = lazySchema(() =>
  import('@/lib/funding/contract/support-form-schemas').then((m) => m.chainAlertResolution),
);

export const OPEN_ALERTS = { query: { status: 'open' } } as const;

function Settle({ alert, onDone }: { alert: ChainAlertWire; onDone: () => void }) {
  const deposit = alert.deposit!;
  const amount = formatMoney(deposit.amount, 'USDT');
  const who = alert.org_name ?? 'the organization';
  const send = (outcome: 'reinstated' | 'written_off') => (note: string) =>
    apiFetch(resolveChainAlertOperation, { params: { alertId: alert.id }, body: { outcome, note } });
  return (
    <div className="flex flex-wrap gap-2 max-md:justify-end">
      <SettleDialog
        field="note"
        fieldLabel="Note"
        schema={noteSchema}
        trigger={{ label: 'Reinstate', ariaLabel: `Reinstate the deposit ${deposit.transaction_hash}` }}
        title="Reinstate the deposit"
        description={`The transaction is on chain again: the server checks that the node shows it paying ${who} ${amount} with its confirmations, and refuses otherwise. The credit stands.`}
        submitLabel="Reinstate"
        send={send('reinstated')}
        success={`Deposit of ${amount} reinstated`}
        failure="The deposit was not reinstated."
        onDone={onDone}
      />
      <SettleDialog
        field="note"
        fieldLabel="Note"
        schema={noteSchema}
        trigger={{
          label: 'Write off',
          ariaLabel: `Write off the deposit ${deposit.transaction_hash}`,
          variant: 'danger',
        }}
        title="Write off the deposit"
        description={`It is gone for good and the provider bears it: ${who} keeps the ${amount} credit and nothing moves on the ledger. Say what you found.`}
        submitLabel="Write off"
        submitVariant="danger"
        send={send('written_off')}
        success={`Deposit of ${amount} written off`}
        failure="The deposit was not written off."
        onDone={onDone}
      />
    </div>
  );
}

export function ChainVanishedDeposits() {
  const result = useApiQuery(listChainAlertsOperation, OPEN_ALERTS);
  const refresh = useRefresh(listChainAlertsOperation);
  const vanished = result.data && {
    data: result.data.data.filter((alert) => alert.kind === 'credited_deposit_vanished' && alert.deposit),
  };
  const count = vanished?.data.length;
  return (
    <Card
      title={
        <>
          Credited deposits that vanished {count === undefined ? null : <Badge tone="neutral">{count}</Badge>}
        </>
      }
      description="Each was credited at its confirmations, then removed by a deeper reorganisation. Its credit stands until you settle it."
    >
      <ListStates
        result={{ ...result, data: vanished }}
        loading="Loading the chain alerts"
        error="Could not load the chain alerts"
        empty={{
          title: 'No vanished deposits',
          description: 'Credited deposits a reorganisation removes wait here.',
        }}
      >
        {(alerts) => (
          <Table
            columns={['Organization', 'Transaction', 'Amount', 'Credited', 'Vanished', '']}
            caption="Credited deposits that vanished"
          >
            {alerts.map((alert) => (
              <tr key={alert.id}>
                <td className="px-3 py-2">{alert.org_name ?? '—'}</td>
                <td className="px-3 py-2 text-xs">
                  <span className="block">{chainName(alert.chain)}</span>
                  <span className="block font-mono break-all">{alert.deposit!.transaction_hash}</span>
                  <span className="block text-slate-600">
                    Log {alert.deposit!.log_index}, block {alert.deposit!.block_number}
                  </span>
                </td>
                <td className="px-3 py-2 font-mono tabular-nums">
                  {formatMoney(alert.deposit!.amount, 'USDT')}
                </td>
                <td className="px-3 py-2 text-xs">
                  {alert.deposit!.credited_at ? <DateTime value={alert.deposit!.credited_at} /> : '—'}
                </td>
                <td className="px-3 py-2 text-xs">
                  {alert.deposit!.vanished_at ? <DateTime value={alert.deposit!.vanished_at} /> : '—'}
                </td>
                <td className="px-3 py-2">
                  <Settle alert={alert} onDone={() => void refresh()} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListStates>
    </Card>
  );
}
