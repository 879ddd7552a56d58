'use client';
// Owns the address book: wallets withdrawals may go to, with their cooling-off; approvers add and remove them.
import { useState } from 'react';
import { usePortal } from '@/components/layout/portal-context';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/browser/api';
import { chainName } from '@/lib/format';
import { useAddWallet, useApproveWallet, useChains, useRemoveWallet, useWallets } from './queries';

type Wallet = NonNullable<ReturnType<typeof useWallets>['data']>['items'][number];

function addedByName(wallet: Wallet): string {
  if (!wallet.added_by) return 'someone';
  return wallet.added_by.type === 'api_key' ? `the API key “${wallet.added_by.name}”` : wallet.added_by.name;
}

export function AddressBook({ canEdit }: { canEdit: boolean }) {
  const wallets = useWallets();
  const chains = useChains();
  const [chainId, setChainId] = useState('');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddWallet();
  const remove = useRemoveWallet();
  const approve = useApproveWallet();
  const notify = useToast();
  const { userId } = usePortal();

  return (
    <section aria-labelledby="address-book-heading" className="space-y-3">
      <div>
        <h2 id="address-book-heading" className="text-base font-semibold text-slate-900">
          Address book
        </h2>
        <p className="text-sm text-slate-600">
          Withdrawals go only to these addresses. A new address can be used after a 24-hour cooling-off period
          (none in the sandbox), so a compromised login cannot add an address and withdraw to it at once. When
          your approval policy asks for it, a second approver must approve a new address first; its
          cooling-off starts then.
        </p>
      </div>
      {wallets.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the address book: {wallets.error.message}
        </p>
      ) : (
        <Table
          columns={['Label', 'Chain', 'Address', 'Status', 'Added', ...(canEdit ? [''] : [])]}
          caption="Address book"
        >
          {(wallets.data?.items ?? []).map((wallet) => (
            <tr key={wallet.id}>
              <td className="px-3 py-2">{wallet.label ?? '—'}</td>
              <td className="px-3 py-2">{chainName(wallet.chain)}</td>
              <td className="px-3 py-2">
                <span className="flex items-center gap-2">
                  <span className="min-w-[22ch] break-all font-mono text-xs" data-testid="wallet-address">
                    {wallet.address}
                  </span>
                  <CopyButton
                    value={wallet.address}
                    label={`Copy the address of ${wallet.label ?? 'the wallet'}`}
                  />
                </span>
              </td>
              <td className="px-3 py-2 text-xs" data-testid="wallet-status">
                {wallet.status === 'PENDING_APPROVAL' ? (
                  `Awaits a second approver (added by ${addedByName(wallet)})`
                ) : wallet.status === 'COOLING_OFF' ? (
                  <>
                    Cooling off until <DateTime value={wallet.usable_from} style="deadline" />
                  </>
                ) : (
                  'Active'
                )}
              </td>
              <td className="px-3 py-2 text-xs text-slate-600">
                <DateTime value={wallet.created_at} />
              </td>
              {canEdit ? (
                <td className="px-3 py-2 text-right">
                  {wallet.status === 'PENDING_APPROVAL' && wallet.added_by?.user_id !== userId ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      changesState
                      busy={approve.isPending && approve.variables === wallet.id}
                      onClick={() =>
                        approve.mutate(wallet.id, {
                          onSuccess: () => notify({ tone: 'success', title: 'Address approved' }),
                          onError: (error) =>
                            notify({
                              tone: 'error',
                              title: 'Not approved',
                              description: error instanceof PayoutApiError ? error.message : undefined,
                            }),
                        })
                      }
                    >
                      Approve
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="sm"
                    changesState
                    onClick={() => {
                      if (window.confirm(`Remove ${wallet.address} from the address book?`))
                        remove.mutate(wallet.id);
                    }}
                  >
                    Remove
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
          {wallets.data?.items.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-4 text-center text-sm text-slate-500">
                No addresses yet.
              </td>
            </tr>
          ) : null}
        </Table>
      )}
      {canEdit ? (
        <form
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_2fr_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chainId || !address) return setProblem('Choose a chain and enter the address.');
            add.mutate(
              {
                body: { chain_id: chainId, address, ...(label ? { label } : {}) },
                idempotencyKey: crypto.randomUUID(),
              },
              {
                onSuccess: () => {
                  setAddress('');
                  setLabel('');
                  setProblem(null);
                },
                onError: (error) =>
                  setProblem(error instanceof PayoutApiError ? error.message : 'Could not add the address'),
              },
            );
          }}
        >
          <label className="text-sm font-medium text-slate-700">
            Chain
            <select
              value={chainId}
              onChange={(event) => setChainId(event.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
            >
              <option value="">Choose…</option>
              {(chains.data?.items ?? [])
                .filter((chain) => chain.status === 'ACTIVE')
                .map((chain) => (
                  <option key={chain.id} value={chain.id}>
                    {chain.name} ({chain.token_standard})
                  </option>
                ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Address
            <input
              value={address}
              onChange={(event) => setAddress(event.target.value.trim())}
              placeholder="T… or 0x…"
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-2 font-mono text-sm"
            />
          </label>
          <label className="text-sm font-medium text-slate-700">
            Label
            <input
              value={label}
              onChange={(event) => setLabel(event.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-2 text-sm"
            />
          </label>
          <Button type="submit" variant="secondary" busy={add.isPending} changesState>
            Add address
          </Button>
          {problem ? (
            <p role="alert" className="text-sm text-red-700 sm:col-span-4">
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
