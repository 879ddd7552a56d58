'use client';
// Owns the payouts pages' reads and writes of /api/v2: every call goes through the typed fetch with the operation
// declaration (path, params, query, body and response types come from it), wrapped in react-query hooks keyed by
// operation id, so a change refreshes every page that shows it.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFunding } from '@/components/funding/queries';
import type { BatchStatus, OrderStatus } from '@/lib/payouts/contract/enums';
import {
  advanceSandboxBatchOperation,
  approveBatchOperation,
  attachBatchSourceFileOperation,
  cancelOrderOperation,
  confirmBatchOperation,
  createBatchOperation,
  discardBatchOperation,
  exportOrdersOperation,
  getApprovalPolicyOperation,
  getBatchOperation,
  getBatchSourceFileOperation,
  getOrderReceiptOperation,
  getOrderSummaryOperation,
  listBatchesOperation,
  listBatchOrdersOperation,
  listOrdersOperation,
  rejectBatchOperation,
  requoteBatchOperation,
  updateApprovalPolicyOperation,
} from '@/lib/payouts/contract/routes';
import type { BatchWire, OrderWire } from '@/lib/payouts/contract/schemas';
import { apiFetch } from '@/lib/platform/browser/api';
import { apiQueryKey, useApiQuery } from '@/lib/platform/browser/queries';
import { saveBlob } from '@/lib/platform/browser/save-blob';
import type { QueryInputOf, ResponseWireOf } from '@/lib/platform/operations/operation';
import { getSandboxClockOperation } from '@/lib/sandbox/contract/routes';

export { useBalance } from '@/components/funding/queries';
export { saveBlob };

export type BatchWithOrders = ResponseWireOf<typeof getBatchOperation>;
export type Batch = BatchWire;
export type Order = OrderWire;
export type BatchList = ResponseWireOf<typeof listBatchesOperation>;
export type OrderList = ResponseWireOf<typeof listOrdersOperation>;
export type OrderSummary = ResponseWireOf<typeof getOrderSummaryOperation>;
export type ApprovalPolicy = ResponseWireOf<typeof getApprovalPolicyOperation>;
export type ApprovalPolicyUpdate = NonNullable<
  Parameters<typeof apiFetch<typeof updateApprovalPolicyOperation>>[1]
>['body'];
export type CreateBatchRequest = NonNullable<
  Parameters<typeof apiFetch<typeof createBatchOperation>>[1]
>['body'];
export type BatchOrdersPage = ResponseWireOf<typeof listBatchOrdersOperation>;
export type BatchListQuery = QueryInputOf<typeof listBatchesOperation>;
export type OrderListQuery = QueryInputOf<typeof listOrdersOperation>;

/** Every read a batch change can alter (lists, the batch, its orders, the dashboard's cards). */
const PAYOUT_READS: readonly string[] = [
  getBatchOperation.id,
  listBatchesOperation.id,
  listBatchOrdersOperation.id,
  listOrdersOperation.id,
  getOrderSummaryOperation.id,
];

export function invalidatePayouts(client: QueryClient) {
  return client.invalidateQueries({ predicate: (query) => PAYOUT_READS.includes(String(query.queryKey[0])) });
}

const FINAL_BATCH = new Set<string>(['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED', 'CANCELLED_EXPIRED']);

export function isFinalBatch(status: string): boolean {
  return FINAL_BATCH.has(status);
}

const PICKER_PAGE = 100;

/** Every page of a list (the API pages at 100): pickers must offer every profile. */
export async function allPages<T>(
  fetchPage: (query: { limit: string; page: string }) => Promise<{ items: T[]; meta: { total: number } }>,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const list = await fetchPage({ limit: String(PICKER_PAGE), page: String(page) });
    items.push(...list.items);
    if (items.length >= list.meta.total || list.items.length === 0) break;
  }
  return items;
}

export function useBatch(batchId: string, { pollMs = 2000 }: { pollMs?: number } = {}) {
  return useApiQuery(
    getBatchOperation,
    { params: { batchId } },
    {
      // Orders move on their own (deposits, the rail): poll until the batch is final, then stop.
      refetchInterval: (query) => {
        const status = query.state.data?.batch.status;
        if (!status || isFinalBatch(status) || status === 'AWAITING_CONFIRMATION') return false;
        return pollMs;
      },
    },
  );
}

export function useBatchOrders(
  batchId: string,
  page: { page: number; limit: number; status?: OrderStatus },
  { poll, enabled = true }: { poll: boolean; enabled?: boolean },
) {
  return useApiQuery(
    listBatchOrdersOperation,
    {
      params: { batchId },
      query: {
        page: String(page.page),
        limit: String(page.limit),
        ...(page.status ? { status: page.status } : {}),
      },
    },
    { enabled, refetchInterval: poll ? 2000 : false, placeholderData: (previous) => previous },
  );
}

export function useBatches(query: BatchListQuery) {
  return useApiQuery(listBatchesOperation, { query }, { placeholderData: (previous) => previous });
}

export function useOrders(query: OrderListQuery, enabled = true) {
  return useApiQuery(listOrdersOperation, { query }, { enabled });
}

/** Completed volume per UTC day and currency, and outcomes, of the orders created in [from, to) (one request). */
export function useOrderSummary(from: string, to: string) {
  return useApiQuery(getOrderSummaryOperation, { query: { from, to } }, { staleTime: 60_000 });
}

export function useApprovalPolicy() {
  return useApiQuery(getApprovalPolicyOperation, {});
}

export function createBatchRequest(body: CreateBatchRequest, idempotencyKey: string) {
  return apiFetch(createBatchOperation, { body, idempotencyKey });
}

type BatchStep =
  | typeof requoteBatchOperation
  | typeof discardBatchOperation
  | typeof advanceSandboxBatchOperation;

function useBatchMutation<V = void>(batchId: string, call: (variables: V) => Promise<BatchWithOrders>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      client.setQueryData(apiQueryKey(getBatchOperation, { params: { batchId } }), data);
      void invalidatePayouts(client);
      void invalidateFunding(client);
    },
  });
}

const useBatchStep = (operation: BatchStep, batchId: string) =>
  useBatchMutation(batchId, () => apiFetch(operation, { params: { batchId } }));

/** Confirm always binds the review the page showed: its `review_digest` (DESIGN "What an approval binds"). */
export const useConfirmBatch = (batchId: string) =>
  useBatchMutation(batchId, (reviewDigest: string) =>
    apiFetch(confirmBatchOperation, { params: { batchId }, body: { review_digest: reviewDigest } }),
  );
/** Approve always binds what the page showed: its `approval_digest` (DESIGN "Approvals"). */
export const useApproveBatch = (batchId: string) =>
  useBatchMutation(batchId, (approvalDigest: string) =>
    apiFetch(approveBatchOperation, { params: { batchId }, body: { approval_digest: approvalDigest } }),
  );
export const useRejectBatch = (batchId: string) =>
  useBatchMutation(batchId, (reason: string) =>
    apiFetch(rejectBatchOperation, { params: { batchId }, body: { reason } }),
  );
export const useRequoteBatch = (batchId: string) => useBatchStep(requoteBatchOperation, batchId);
export const useDiscardBatch = (batchId: string) => useBatchStep(discardBatchOperation, batchId);
export const useAdvanceSandboxBatch = (batchId: string) =>
  useBatchStep(advanceSandboxBatchOperation, batchId);

/** Cancels an order still awaiting its deposit (approvers): it ends CANCELLED_EXPIRED and its hold is released. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string): Promise<Order> => apiFetch(cancelOrderOperation, { params: { orderId } }),
    onSuccess: () => {
      void invalidatePayouts(client);
      void invalidateFunding(client);
    },
  });
}

/** What a weakening PATCH of the policy answers (202): the change, waiting for another admin or its notice period. */
export interface WaitingPolicyChange {
  pending_change_id: string;
  apply_after: string | null;
}

export function isWaitingPolicyChange(answer: unknown): answer is WaitingPolicyChange {
  return typeof answer === 'object' && answer !== null && 'pending_change_id' in answer;
}

export function useUpdateApprovalPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalPolicyUpdate) => apiFetch(updateApprovalPolicyOperation, { body }),
    // A weakening change answers 202 with the change that waits: the policy in force is unchanged.
    onSuccess: (data) =>
      isWaitingPolicyChange(data)
        ? client.invalidateQueries({ queryKey: apiQueryKey(getApprovalPolicyOperation, {}) })
        : client.setQueryData(apiQueryKey(getApprovalPolicyOperation, {}), data),
  });
}

/** Keeps the imported CSV with its draft batch as an audit record (once per batch). */
export function attachSourceFile(batchId: string, file: File) {
  const body = new FormData();
  body.set('file', file, file.name);
  return apiFetch(attachBatchSourceFileOperation, { params: { batchId }, body });
}

export async function downloadSourceFile(batchId: string, name: string): Promise<void> {
  saveBlob(await apiFetch(getBatchSourceFileOperation, { params: { batchId } }), name);
}

export async function downloadReceipt(orderId: string): Promise<void> {
  saveBlob(await apiFetch(getOrderReceiptOperation, { params: { orderId } }), `receipt-${orderId}.pdf`);
}

export async function downloadOrdersExport(query: QueryInputOf<typeof exportOrdersOperation>, name: string) {
  saveBlob(await apiFetch(exportOrdersOperation, { query }), name);
}

/**
 * Seconds the organization's business clock runs ahead of real time (the sandbox clock; 0 in production). Deadlines
 * (quote expiry, `expires_at`) are on that clock, so a countdown subtracts it to count in the reader's real time.
 */
export function useBusinessClockOffset(sandbox: boolean) {
  const query = useApiQuery(
    getSandboxClockOperation,
    {},
    { enabled: sandbox, refetchInterval: sandbox ? 15_000 : false },
  );
  return sandbox ? (query.data?.offset_seconds ?? 0) : 0;
}

/** A business-clock deadline as the real-time instant it falls on for the reader. */
export function realDeadline(deadline: string, offsetSeconds: number): string {
  return new Date(new Date(deadline).getTime() - offsetSeconds * 1000).toISOString();
}

export type { BatchStatus, OrderStatus };
