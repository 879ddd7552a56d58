'use client';
import { QrCode } from '@/components/dashboard/qr-code';
// Owns the funding addresses card: where to send USDT on each chain, with copy and a QR code.
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { PendingDeposits } from './pending-deposits';
import { useFundingAddresses } from './queries';

export function FundingAddressesCard() {
  const addresses = useFundingAddresses();
  return (
    <Card
      id="funding-addresses"
      title="Fund your balance"
      description="Send USDT on one of these chains. Deposits are credited to your available balance."
    >
      {addresses.isPending ? (
        <LoadingBlock label="Loading funding addresses" lines={4} />
      ) : addresses.isError ? (
        <ErrorState
          title="Could not load the funding addresses"
          error={addresses.error}
          onRetry={() => addresses.refetch()}
        />
      ) : addresses.data.items.length === 0 && addresses.data.preparing.length === 0 ? (
        <EmptyState title="No funding address yet" description="Contact support to open one." />
      ) : (
        <ul className="divide-y divide-slate-100">
          {addresses.data.preparing.map((chain) => (
            // EVM custody switched on after the organization was opened: a job derives the address shortly.
            <li
              key={chain.chain_id}
              className="py-4 first:pt-0 last:pb-0"
              data-testid={`funding-address-${chain.chain}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-sm font-semibold text-slate-900">{chain.chain_name}</h3>
                <Badge>{chain.token_standard}</Badge>
                <Badge tone="warning">Being prepared</Badge>
              </div>
              <p className="mt-2 text-sm text-slate-600">
                Your {chain.chain_name} address is being prepared. Check back in a minute; do not send USDT on
                this network until it appears here.
              </p>
            </li>
          ))}
          {addresses.data.items.map((address) => (
            <li
              key={address.id}
              className="flex flex-col gap-4 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
              data-testid={`funding-address-${address.chain}`}
            >
              <QrCode
                value={address.address}
                label={`QR code of the ${address.chain_name} funding address`}
                size={112}
              />
              <div className="min-w-0 flex-1 space-y-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-sm font-semibold text-slate-900">{address.chain_name}</h3>
                  <Badge>{address.token_standard}</Badge>
                  <Badge tone="accent">USDT only</Badge>
                </div>
                <p
                  className="break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
                  data-testid="address"
                >
                  {address.address}
                </p>
                <p className="text-xs text-slate-500">
                  Only USDT ({address.token_standard}) on the {address.chain_name} network: another network or
                  token sent here is not credited.
                </p>
                <CopyButton value={address.address} label={`Copy the ${address.chain_name} address`} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <PendingDeposits />
    </Card>
  );
}
