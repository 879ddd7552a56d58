'use client';
// Owns funding's reads of /api/v2 through the typed fetch (the dashboard's money cards); a deposit, a confirmed batch or a
// withdrawal refreshes every card that shows money (invalidateFunding).
import type { QueryClient } from '@tanstack/react-query';
import {
  getFundingBalanceHistoryOperation,
  getFundingBalanceOperation,
  listChainDepositsOperation,
  listFundingAddressesOperation,
  listFundingTransactionsOperation,
} from '@/lib/funding/contract/routes';
import { useApiQuery } from '@/lib/platform/browser/queries';

export const RECENT_ACTIVITY_LIMIT = 8;

/** Every read derived from the funding ledger; refetch them after a movement. */
const LEDGER_READS: readonly string[] = [
  getFundingBalanceOperation.id,
  getFundingBalanceHistoryOperation.id,
  listFundingTransactionsOperation.id,
];

export function invalidateFunding(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => LEDGER_READS.includes(String(query.queryKey[0])),
  });
}

export function useBalance() {
  return useApiQuery(getFundingBalanceOperation, {});
}

export function useFundingAddresses() {
  return useApiQuery(listFundingAddressesOperation, {}, { staleTime: 5 * 60_000 });
}

export function useRecentActivity() {
  return useApiQuery(listFundingTransactionsOperation, { query: { limit: String(RECENT_ACTIVITY_LIMIT) } });
}

export function useBalanceHistory(days = 30) {
  return useApiQuery(getFundingBalanceHistoryOperation, { query: { days: String(days) } });
}

/** Seconds between looks at deposits still gathering confirmations (a block every few seconds to a minute). */
const PENDING_REFRESH_MS = 15_000;

/** On-chain deposits not yet credited (EVM custody; empty otherwise), refreshed while any is pending. */
export function usePendingDeposits() {
  return useApiQuery(
    listChainDepositsOperation,
    { query: { status: 'pending', limit: '10' } },
    { refetchInterval: (query) => (query.state.data?.items.length ? PENDING_REFRESH_MS : false) },
  );
}
