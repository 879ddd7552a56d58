'use client';
// Owns the Chain page's withdrawals the chain did not prove (EVM custody, `PROCESSING/needs_review`): what should have
// been sent (amount, wallet address), the transaction operations recorded, and what the chain showed instead (the
// alert's words), settled with a reason as completed (the held USDT goes out) or failed (it goes back to the client).
// The review is one person's, as recording the transaction is (decision 0318): nobody is refused here.
import { SettleDialog } from '@/components/support/chain-settle-dialog';
import { OPEN_ALERTS } from '@/components/support/chain-vanished-deposits';
import { chainName } from '@/components/support/custody-chains';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { ListStates } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { listChainAlertsOperation } from '@/lib/funding/contract/routes';
import {
  listWithdrawalsNeedingReviewOperation,
  reviewWithdrawalOperation,
} from '@/lib/liquidity/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import { formatMoney } from '@/lib/platform/format';
import type { ResponseWireOf } from '@/lib/platform/operations/operation';

type Flagged = ResponseWireOf<typeof listWithdrawalsNeedingReviewOperation>['data'][number];

const reasonSchema = lazySchema(() =>
  import('@/lib/liquidity/contract/execution-form-schemas').then((m) => m.withdrawalReview),
);

function Settle({ withdrawal, onDone }: { withdrawal: Flagged; onDone: () => void }) {
  const amount = formatMoney(withdrawal.amount, 'USDT');
  const send = (outcome: 'completed' | 'failed') => (reason: string) =>
    apiFetch(reviewWithdrawalOperation, {
      params: { orgId: withdrawal.org_id, withdrawalId: withdrawal.id },
      body: { outcome, reason },
    });
  return (
    <div className="flex flex-wrap gap-2 max-md:justify-end">
      <SettleDialog
        field="reason"
        fieldLabel="Reason"
        schema={reasonSchema}
        trigger={{ label: 'Completed', ariaLabel: `Settle as completed: ${withdrawal.org_name}, ${amount}` }}
        title="Settle the withdrawal as completed"
        description={`The wallet did receive ${amount} (for example in more than one transaction): the held amount goes out of ${withdrawal.org_name}'s balance and the withdrawal is completed.`}
        submitLabel="Complete withdrawal"
        send={send('completed')}
        success={`Withdrawal of ${amount} completed`}
        failure="The withdrawal was not settled."
        onDone={onDone}
      />
      <SettleDialog
        field="reason"
        fieldLabel="Reason"
        schema={reasonSchema}
        trigger={{
          label: 'Failed',
          ariaLabel: `Settle as failed: ${withdrawal.org_name}, ${amount}`,
          variant: 'danger',
        }}
        title="Settle the withdrawal as failed"
        description={`Nothing reached the wallet: the held ${amount} goes back to ${withdrawal.org_name}'s available balance, and they see your reason.`}
        submitLabel="Fail withdrawal"
        submitVariant="danger"
        send={send('failed')}
        success={`Withdrawal of ${amount} failed; the hold was released`}
        failure="The withdrawal was not settled."
        onDone={onDone}
      />
    </div>
  );
}

export function ChainWithdrawalReviews() {
  const result = useApiQuery(listWithdrawalsNeedingReviewOperation, {});
  const alerts = useApiQuery(listChainAlertsOperation, OPEN_ALERTS);
  const refresh = useRefresh(listWithdrawalsNeedingReviewOperation);
  const refreshAlerts = useRefresh(listChainAlertsOperation);
  /** What the chain showed, from each withdrawal's open alert (the list of withdrawals stands without it). */
  const seen = new Map(
    (alerts.data?.data ?? [])
      .filter((alert) => alert.kind === 'withdrawal_mismatch')
      .map((alert) => [alert.subject_id, alert.message]),
  );
  const count = result.data?.data.length;
  return (
    <Card
      title={<>Withdrawals to review {count === undefined ? null : <Badge tone="neutral">{count}</Badge>}</>}
      description="The transaction recorded for each failed or did not pay the wallet the amount; the amount stays held until you settle it."
    >
      <ListStates
        result={result}
        loading="Loading the withdrawals to review"
        error="Could not load the withdrawals to review"
        empty={{ title: 'Nothing to review', description: 'Withdrawals the chain does not prove wait here.' }}
      >
        {(withdrawals) => (
          <Table
            columns={['Organization', 'Expected', 'Transaction', 'What the chain showed', '']}
            caption="Withdrawals to review"
          >
            {withdrawals.map((withdrawal) => (
              <tr key={withdrawal.id}>
                <td className="px-3 py-2">
                  {withdrawal.org_name}
                  <span className="block text-xs text-slate-600">
                    Flagged <DateTime value={withdrawal.updated_at} />
                  </span>
                </td>
                <td className="px-3 py-2 text-xs">
                  <span className="block font-mono tabular-nums text-sm">
                    {formatMoney(withdrawal.amount, 'USDT')}
                  </span>
                  <span className="block">to {chainName(withdrawal.chain)}</span>
                  <span className="block font-mono break-all">{withdrawal.wallet_address}</span>
                </td>
                <td className="px-3 py-2 font-mono text-xs break-all">
                  {withdrawal.transaction_hash ?? '—'}
                </td>
                <td className="px-3 py-2 text-xs">{seen.get(withdrawal.id) ?? '—'}</td>
                <td className="px-3 py-2">
                  <Settle
                    withdrawal={withdrawal}
                    onDone={() => {
                      void refresh();
                      void refreshAlerts();
                    }}
                  />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListStates>
    </Card>
  );
}
