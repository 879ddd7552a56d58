'use client';
// Owns the withdrawals of the support console's Custody page (operations, manual custody): the approved withdrawals
// waiting to be sent from custody, oldest first, and recording one's transaction once it is sent. The server runs the
// withdrawal's lifecycle to completion (ledger, events); this page only asks, and shows a refusal in its words.
import { chainName } from '@/components/support/custody-chains';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { ListStates } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import {
  listWithdrawalsAwaitingExecutionOperation,
  recordWithdrawalExecutionOperation,
} from '@/lib/liquidity/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import { formatMoney } from '@/lib/platform/format';
import type { ResponseWireOf } from '@/lib/platform/operations/operation';

type Awaiting = ResponseWireOf<typeof listWithdrawalsAwaitingExecutionOperation>['data'][number];

interface ExecutionValues {
  transaction_hash: string;
  custody_reference: string;
}

const EMPTY: ExecutionValues = { transaction_hash: '', custody_reference: '' };

const executionSchema = lazySchema(() =>
  import('@/lib/liquidity/contract/execution-form-schemas').then((m) => m.withdrawalExecution),
);

function RecordExecution({ withdrawal, onDone }: { withdrawal: Awaiting; onDone: () => void }) {
  const amount = formatMoney(withdrawal.amount, 'USDT');
  const dialog = useDialogForm<ExecutionValues, { status: string }>({
    schema: executionSchema,
    defaultValues: EMPTY,
    submit: ({ transaction_hash, custody_reference }) =>
      apiFetch(recordWithdrawalExecutionOperation, {
        params: { orgId: withdrawal.org_id, withdrawalId: withdrawal.id },
        // An empty reference sends none: the server derives one from the withdrawal's id.
        body: { transaction_hash, custody_reference: custody_reference || undefined },
      }),
    fields: ['transaction_hash', 'custody_reference'],
    fallback: 'The execution was not recorded. Try again.',
    // With chain custody a recorded hash is not done yet: the watcher completes it once the chain confirms it.
    success: (recorded) =>
      recorded.status === 'COMPLETED'
        ? {
            title: `Withdrawal of ${amount} completed`,
            description: `${withdrawal.org_name} sees it sent, with its transaction hash.`,
          }
        : {
            title: `Transaction recorded for ${amount}`,
            description: 'The withdrawal completes once the chain confirms the transaction.',
          },
    onDone,
  });
  return (
    <DialogForm
      {...dialog}
      trigger={
        <Button size="sm" aria-label={`Record transaction for ${withdrawal.org_name}: ${amount}`}>
          Record transaction
        </Button>
      }
      title="Record the withdrawal's transaction"
      description={`${amount} to ${withdrawal.wallet_address} on ${chainName(withdrawal.chain)}, for ${withdrawal.org_name}. Record it once the transaction is sent from custody: the withdrawal completes at once, or, with chain custody, once the chain confirms it.`}
      submitLabel="Record transaction"
    >
      <FormField control={dialog.form.control} name="transaction_hash" label="Transaction hash">
        {(field) => <Input autoComplete="off" spellCheck={false} className="font-mono" {...field} />}
      </FormField>
      <FormField
        control={dialog.form.control}
        name="custody_reference"
        label="Custodian's reference (optional)"
        hint="The custodian's own id for the transfer, if it gave one."
      >
        {(field) => <Input autoComplete="off" spellCheck={false} {...field} />}
      </FormField>
    </DialogForm>
  );
}

export function CustodyWithdrawals() {
  const result = useApiQuery(listWithdrawalsAwaitingExecutionOperation, {});
  const refresh = useRefresh(listWithdrawalsAwaitingExecutionOperation);
  const count = result.data?.data.length;
  return (
    <Card
      title={
        <>
          Waiting to be sent from custody {count === undefined ? null : <Badge tone="neutral">{count}</Badge>}
        </>
      }
      description="Approved withdrawals, oldest first. Send each from custody to its address, then record the transaction."
    >
      <ListStates
        result={result}
        loading="Loading the withdrawals"
        error="Could not load the withdrawals"
        empty={{ title: 'Nothing to send', description: 'Approved withdrawals wait here.' }}
      >
        {(withdrawals) => (
          <Table
            columns={['Organization', 'Chain', 'Amount', 'To address', 'Requested', '']}
            caption="Withdrawals waiting to be sent from custody"
          >
            {withdrawals.map((withdrawal) => (
              <tr key={withdrawal.id}>
                <td className="px-3 py-2">{withdrawal.org_name}</td>
                <td className="px-3 py-2">{chainName(withdrawal.chain)}</td>
                <td className="px-3 py-2 font-mono tabular-nums">{formatMoney(withdrawal.amount, 'USDT')}</td>
                <td className="px-3 py-2 font-mono text-xs break-all">{withdrawal.wallet_address}</td>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={withdrawal.created_at} />
                </td>
                <td className="px-3 py-2">
                  <RecordExecution withdrawal={withdrawal} onDone={() => void refresh()} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListStates>
    </Card>
  );
}
