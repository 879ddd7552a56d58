'use client';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { Form, FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { NativeSelect } from '@/components/ui/native-select';
import { showServerError } from '@/components/ui/server-errors';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
// Owns the address book: wallets withdrawals may go to, with their cooling-off; approvers add and remove them.
import { chainName } from '@/lib/platform/format';
import { useAddWallet, useApproveWallet, useChains, useRemoveWallet, useWallets } from './queries';
import { RejectWallet } from './reject-wallet';

type Wallet = NonNullable<ReturnType<typeof useWallets>['data']>['items'][number];

/** Whether the server lets this person act on the wallet (its `actions`): never whoever added it, nor a read-only view. */
function allowed(
  wallet: { actions?: { name: string; allowed: boolean }[] | null },
  name: 'approve' | 'reject',
) {
  return wallet.actions?.some((action) => action.name === name && action.allowed) ?? false;
}

function addedByName(wallet: Wallet): string {
  if (!wallet.added_by) return 'someone';
  return wallet.added_by.type === 'api_key' ? `the API key “${wallet.added_by.name}”` : wallet.added_by.name;
}

export function AddressBook({ canEdit }: { canEdit: boolean }) {
  const wallets = useWallets();
  const remove = useRemoveWallet();
  const approve = useApproveWallet();
  const notify = useToast();

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
        <FormError>Could not load the address book: {wallets.error.message}</FormError>
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
                  `Waiting for a second approver (added by ${addedByName(wallet)})`
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
                  {allowed(wallet, 'reject') ? (
                    <RejectWallet walletId={wallet.id} address={wallet.address} />
                  ) : null}
                  {allowed(wallet, 'approve') ? (
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
      {canEdit ? <AddWallet /> : null}
    </section>
  );
}

interface WalletValues {
  chain_id: string;
  address: string;
  label: string;
}

const walletSchema = lazySchema(() => import('@/lib/liquidity/contract/form-schemas').then((m) => m.wallet));

function AddWallet() {
  const chains = useChains();
  const add = useAddWallet();
  const form = useForm<WalletValues>({
    resolver: useLazyResolver<WalletValues>(walletSchema),
    defaultValues: { chain_id: '', address: '', label: '' },
  });
  const submit = async ({ chain_id, address, label }: WalletValues) => {
    try {
      await add.mutateAsync({
        body: { chain_id, address, ...(label ? { label } : {}) },
        idempotencyKey: crypto.randomUUID(),
      });
      form.reset({ chain_id, address: '', label: '' });
    } catch (caught) {
      showServerError(form.setError, caught, ['chain_id', 'address', 'label'], 'Could not add the address');
    }
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      summary={false}
      aria-label="Add an address"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_2fr_1fr_auto] sm:items-start">
        <FormField control={form.control} name="chain_id" label="Chain">
          {(field) => (
            <NativeSelect {...field}>
              <option value="">Choose…</option>
              {(chains.data?.items ?? [])
                .filter((chain) => chain.status === 'ACTIVE')
                .map((chain) => (
                  <option key={chain.id} value={chain.id}>
                    {chain.name} ({chain.token_standard})
                  </option>
                ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField control={form.control} name="address" label="Address">
          {(field) => (
            <Input
              placeholder="T… or 0x…"
              className="font-mono"
              {...field}
              onChange={(event) => field.onChange(event.target.value.trim())}
            />
          )}
        </FormField>
        <FormField control={form.control} name="label" label="Label">
          {(field) => <Input {...field} />}
        </FormField>
        <FormSubmit variant="secondary" className="sm:mt-6" changesState>
          Add address
        </FormSubmit>
      </div>
      <FormServerError />
    </Form>
  );
}
