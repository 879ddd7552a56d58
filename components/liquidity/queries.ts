'use client';
// Owns the liquidity pages' reads and writes of /api/v2: every call goes through the typed fetch with the operation's
// browser route (path, params, query, body and response types come from its declaration), wrapped in react-query
// hooks keyed by operation id, so a change refreshes every list that shows it.
import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFunding } from '@/components/funding/queries';
import {
  approveWalletOperation,
  approveWithdrawalOperation,
  createWalletOperation,
  createWithdrawalOperation,
  deleteWalletOperation,
  listChainsOperation,
  listLoanRepaymentsOperation,
  listLoansOperation,
  listRouteProofsOperation,
  listSettlementRoutesOperation,
  listUtilizationProofsOperation,
  listWalletsOperation,
  listWithdrawalsOperation,
  rejectWalletOperation,
  rejectWithdrawalOperation,
} from '@/lib/liquidity/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { chainName, shortenMiddle } from '@/lib/platform/format';
import type { BodyInputOf, QueryInputOf } from '@/lib/platform/operations/operation';

export { useBalance } from '@/components/funding/queries';

export type WithdrawalListQuery = QueryInputOf<typeof listWithdrawalsOperation>;

/** Every list (the API pages at 100) the pages show whole: the address book, chains, routes, loans. */
const WHOLE_LIST = { query: { limit: '100' } } as const;

function invalidate(client: QueryClient, ...operations: { id: string }[]) {
  return Promise.all(operations.map((operation) => client.invalidateQueries({ queryKey: [operation.id] })));
}

export function useWallets() {
  return useApiQuery(listWalletsOperation, WHOLE_LIST);
}

export function useChains() {
  return useApiQuery(listChainsOperation, WHOLE_LIST);
}

/** Where a withdrawal goes, in the words a person checks before sending: the wallet's label and its network. */
export interface WithdrawalDestination {
  label: string;
  network: string;
  address: string;
}

/**
 * Names a withdrawal's destination from the address book and the chains (a wallet removed since reads by its
 * shortened address), so lists and confirmations show labels rather than bare addresses.
 */
export function useWithdrawalDestination(): (withdrawal: {
  wallet_id: string;
  chain_id: string;
  wallet_address: string;
}) => WithdrawalDestination {
  const wallets = useWallets();
  const chains = useChains();
  return (withdrawal) => {
    const wallet = wallets.data?.items.find((item) => item.id === withdrawal.wallet_id);
    const chain = chains.data?.items.find((item) => item.id === withdrawal.chain_id);
    return {
      label: wallet ? (wallet.label ?? 'Unlabelled wallet') : shortenMiddle(withdrawal.wallet_address, 6),
      network: chain?.name ?? (wallet ? chainName(wallet.chain) : '—'),
      address: withdrawal.wallet_address,
    };
  };
}

export function useWithdrawals(query: WithdrawalListQuery) {
  return useApiQuery(
    listWithdrawalsOperation,
    { query },
    {
      placeholderData: keepPreviousData,
      // Withdrawals in flight move on by themselves: keep the list current.
      refetchInterval: 5000,
    },
  );
}

/**
 * Requests a withdrawal (approvers). The Idempotency-Key comes with the submission, so a retry of the same
 * submission sends the same key; the hold changes the balance, so the funding reads refresh with the list.
 */
export function useCreateWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: BodyInputOf<typeof createWithdrawalOperation>;
      idempotencyKey: string;
    }) => apiFetch(createWithdrawalOperation, { body, idempotencyKey }),
    onSuccess: () => Promise.all([invalidate(client, listWithdrawalsOperation), invalidateFunding(client)]),
  });
}

/** Adds an address to the address book (approvers), with the submission's Idempotency-Key. */
export function useAddWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: BodyInputOf<typeof createWalletOperation>;
      idempotencyKey: string;
    }) => apiFetch(createWalletOperation, { body, idempotencyKey }),
    onSuccess: () => invalidate(client, listWalletsOperation),
  });
}

export function useRemoveWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (walletId: string) => apiFetch(deleteWalletOperation, { params: { walletId } }),
    onSuccess: () => invalidate(client, listWalletsOperation),
  });
}

/** The withdrawals that wait for a second approver (the approval policy); kept current like the list. */
export function usePendingWithdrawals() {
  const list = useApiQuery(
    listWithdrawalsOperation,
    { query: { status: 'SUBMITTED', limit: '100' } },
    { refetchInterval: 5000 },
  );
  return {
    ...list,
    pending: (list.data?.items ?? []).filter((item) => item.sub_status === 'pending_approval'),
  };
}

/** A second approver approves a waiting withdrawal; it goes on to custody. */
export function useApproveWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (withdrawalId: string) => apiFetch(approveWithdrawalOperation, { params: { withdrawalId } }),
    onSuccess: () => invalidate(client, listWithdrawalsOperation),
  });
}

/** Rejects (or, for its requester, cancels) a waiting withdrawal: the hold is released, so the balance refreshes. */
export function useRejectWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ withdrawalId, reason }: { withdrawalId: string; reason: string }) =>
      apiFetch(rejectWithdrawalOperation, { params: { withdrawalId }, body: { reason } }),
    onSuccess: () => Promise.all([invalidate(client, listWithdrawalsOperation), invalidateFunding(client)]),
  });
}

/** A second approver lets a new address-book wallet into use (its cooling-off starts then). */
export function useApproveWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (walletId: string) => apiFetch(approveWalletOperation, { params: { walletId } }),
    onSuccess: () => invalidate(client, listWalletsOperation),
  });
}

/** An approver refuses a new address-book wallet with a reason: it leaves the book. */
export function useRejectWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ walletId, reason }: { walletId: string; reason: string }) =>
      apiFetch(rejectWalletOperation, { params: { walletId }, body: { reason } }),
    onSuccess: () => invalidate(client, listWalletsOperation),
  });
}

export function useSettlementRoutes() {
  return useApiQuery(listSettlementRoutesOperation, WHOLE_LIST);
}

export function useRouteProofs(routeId: string) {
  return useApiQuery(listRouteProofsOperation, { params: { routeId } });
}

export function useUtilizationProofs() {
  return useApiQuery(listUtilizationProofsOperation, {});
}

export function useLoans() {
  return useApiQuery(listLoansOperation, WHOLE_LIST, { retry: false });
}

export function useLoanRepayments() {
  return useApiQuery(listLoanRepaymentsOperation, WHOLE_LIST, { retry: false });
}
