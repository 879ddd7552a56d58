'use client';
// Owns the dashboard's reads of /api/v2 (react-query keys shared so a deposit refreshes every card that shows money).
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { ListEnvelope } from '@/lib/http/pagination';
import type { BalanceHistoryWire, FundingTransactionWire } from '@/lib/schemas/funding';

export interface BalanceWire {
  currency: 'USDT';
  available: string;
  held: string;
  total: string;
}

export interface FundingAddressWire {
  id: string;
  chain: string;
  chain_name: string;
  token_standard: string;
  currency: 'USDT';
  address: string;
}

/** Everything derived from the funding ledger; invalidate it after a movement. */
export const fundingKey = ['funding'] as const;

export const RECENT_ACTIVITY_LIMIT = 8;

export function useBalance() {
  return useQuery({
    queryKey: [...fundingKey, 'balance'],
    queryFn: () => apiFetch<BalanceWire>('/api/v2/funding/balance'),
  });
}

export function useFundingAddresses() {
  return useQuery({
    queryKey: [...fundingKey, 'addresses'],
    queryFn: () => apiFetch<{ items: FundingAddressWire[] }>('/api/v2/funding/addresses'),
    staleTime: 5 * 60_000,
  });
}

export function useRecentActivity() {
  return useQuery({
    queryKey: [...fundingKey, 'transactions', { limit: RECENT_ACTIVITY_LIMIT }],
    queryFn: () =>
      apiFetch<ListEnvelope<FundingTransactionWire>>(
        `/api/v2/funding/transactions?limit=${RECENT_ACTIVITY_LIMIT}`,
      ),
  });
}

export function useBalanceHistory(days = 30) {
  return useQuery({
    queryKey: [...fundingKey, 'balance-history', days],
    queryFn: () => apiFetch<BalanceHistoryWire>(`/api/v2/funding/balance/history?days=${days}`),
  });
}
