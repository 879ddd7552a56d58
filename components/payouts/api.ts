'use client';
// Owns the payouts pages' reads and writes of /api/v2: one call per operation declaration (path, params, query and
// types come from the declaration, never restated), wrapped in react-query hooks with shared keys.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  getApprovalPolicyOperation as getApprovalPolicy,
  getBatchOperation as getBatch,
  listBatchesOperation as listBatches,
  listBatchOrdersOperation as listBatchOrders,
  listOrdersOperation as listOrders,
} from '@/lib/api/operations/payouts';
import { parseErrorBody } from '@/lib/client/errors';
import type { BatchWire, createBatchBody, OrderWire, updateApprovalPolicyBody } from '@/lib/schemas/payouts';

/** The parts of an operation declaration a call needs. */
interface Declared {
  method: string;
  path: string;
}

type ResponseOf<O> = O extends { response: { schema: infer S extends z.ZodType } } ? z.input<S> : unknown;

export interface CallArgs {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/** `/api/v2/payouts/{batchId}` + `{batchId}` → the path; empty query values are left out. */
export function urlOf(operation: Declared, args: Pick<CallArgs, 'params' | 'query'> = {}): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = args.params?.[name];
    if (!value) throw new TypeError(`${operation.path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(args.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls one declared operation with the browser session; every POST carries an Idempotency-Key. */
export async function call<O extends Declared>(operation: O, args: CallArgs = {}): Promise<ResponseOf<O>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (operation.method === 'POST') headers['idempotency-key'] = args.idempotencyKey ?? crypto.randomUUID();
  if (args.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(urlOf(operation, args), {
    method: operation.method,
    credentials: 'same-origin',
    body: args.body === undefined ? undefined : JSON.stringify(args.body),
    headers,
    signal: args.signal,
  });
  if (!response.ok) throw parseErrorBody(response.status, response.headers, await response.text());
  return (await response.json()) as ResponseOf<O>;
}

// Method and path of each operation used here, as declared in lib/api/operations (types come from the declarations;
// the declarations themselves are not imported at run time, so no server module reaches a page's bundle).
export const op = {
  createBatch: { method: 'POST', path: '/api/v2/payouts' },
  listBatches: { method: 'GET', path: '/api/v2/payouts' },
  getBatch: { method: 'GET', path: '/api/v2/payouts/{batchId}' },
  listBatchOrders: { method: 'GET', path: '/api/v2/payouts/{batchId}/orders' },
  requoteBatch: { method: 'POST', path: '/api/v2/payouts/{batchId}/quote' },
  confirmBatch: { method: 'POST', path: '/api/v2/payouts/{batchId}/confirm' },
  discardBatch: { method: 'POST', path: '/api/v2/payouts/{batchId}/cancel' },
  listOrders: { method: 'GET', path: '/api/v2/orders' },
  exportOrders: { method: 'GET', path: '/api/v2/orders/export' },
  getOrderReceipt: { method: 'GET', path: '/api/v2/orders/{orderId}/receipt' },
  getApprovalPolicy: { method: 'GET', path: '/api/v2/organizations/me/approval-policy' },
  updateApprovalPolicy: { method: 'PATCH', path: '/api/v2/organizations/me/approval-policy' },
  advanceSandboxBatch: { method: 'POST', path: '/api/v2/sandbox/payouts/{batchId}/advance' },
  listSenders: { method: 'GET', path: '/api/v2/senders' },
  listBeneficiaries: { method: 'GET', path: '/api/v2/beneficiaries' },
  listSenderFiles: { method: 'GET', path: '/api/v2/senders/{senderId}/files' },
  getFundingBalance: { method: 'GET', path: '/api/v2/funding/balance' },
  getSandboxClock: { method: 'GET', path: '/api/v2/sandbox/clock' },
} as const;

export type BatchWithOrders = ResponseOf<typeof getBatch>;
export type Batch = BatchWire;
export type Order = OrderWire;
export type BatchList = ResponseOf<typeof listBatches>;
export type OrderList = ResponseOf<typeof listOrders>;
export type ApprovalPolicy = ResponseOf<typeof getApprovalPolicy>;
export type ApprovalPolicyUpdate = z.input<typeof updateApprovalPolicyBody>;
export type CreateBatchRequest = z.input<typeof createBatchBody>;
export type BatchOrdersPage = ResponseOf<typeof listBatchOrders>;

/** The profiles the builder offers (the profiles API's Sender and Beneficiary, the fields it shows). */
export interface SenderOption {
  id: string;
  legal_name: string;
  type: string;
  country: string | null;
  status: string;
}
export interface BeneficiaryOption {
  id: string;
  sender_profile_id: string;
  name: string;
  currency: string;
  bank_country: string;
  bank_name: string | null;
  iban_last4: string | null;
  account_number_last4: string | null;
  status: string;
}
export interface SenderFile {
  id: string;
  sender_profile_id: string;
  file_name: string;
  mime_type: string;
  file_size: number;
  created_at: string;
}
interface Page<T> {
  items: T[];
  meta: { limit: number; page: number; total: number };
}

export interface Balance {
  currency: 'USDT';
  available: string;
  held: string;
  total: string;
}

export const payoutsKey = ['payouts'] as const;
const FINAL_BATCH = new Set(['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED', 'CANCELLED_EXPIRED']);

export function isFinalBatch(status: string): boolean {
  return FINAL_BATCH.has(status);
}

/** Every page of a list (the API pages at 100): for pickers, which must offer every profile. */
async function allPages<T>(operation: Declared, query: Record<string, string>, signal?: AbortSignal) {
  const items: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const result = await call(operation, { query: { ...query, limit: 100, page }, signal });
    const list = result as unknown as Page<T>;
    items.push(...list.items);
    if (items.length >= list.meta.total || list.items.length === 0) break;
  }
  return items;
}

export function useBatch(batchId: string, { pollMs = 2000 }: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: [...payoutsKey, 'batch', batchId],
    queryFn: ({ signal }) => call(op.getBatch, { params: { batchId }, signal }) as Promise<BatchWithOrders>,
    // Orders move on their own (deposits, the rail): poll until the batch is final, then stop.
    refetchInterval: (query) => {
      const status = query.state.data?.batch.status;
      if (!status || isFinalBatch(status) || status === 'AWAITING_CONFIRMATION') return false;
      return pollMs;
    },
  });
}

export function useBatchOrders(
  batchId: string,
  query: { page: number; limit: number; status?: string },
  poll: boolean,
) {
  return useQuery({
    queryKey: [...payoutsKey, 'batch', batchId, 'orders', query],
    queryFn: ({ signal }) =>
      call(op.listBatchOrders, { params: { batchId }, query, signal }) as Promise<BatchOrdersPage>,
    refetchInterval: poll ? 2000 : false,
    placeholderData: (previous) => previous,
  });
}

export function useBatches(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: [...payoutsKey, 'list', query],
    queryFn: ({ signal }) => call(op.listBatches, { query, signal }) as Promise<BatchList>,
    placeholderData: (previous) => previous,
  });
}

export function useOrders(query: Record<string, string | number | undefined>, enabled = true) {
  return useQuery({
    queryKey: [...payoutsKey, 'orders', query],
    queryFn: ({ signal }) => call(op.listOrders, { query, signal }) as Promise<OrderList>,
    enabled,
  });
}

/** Orders created since `from`, every page (the dashboard's 30-day cards; at most 5,000 orders). */
export function useOrdersSince(from: string) {
  return useQuery({
    queryKey: [...payoutsKey, 'orders-since', from],
    queryFn: ({ signal }) => allPages<Order>(op.listOrders, { created_from: from }, signal),
    staleTime: 60_000,
  });
}

export function useApprovalPolicy() {
  return useQuery({
    queryKey: [...payoutsKey, 'approval-policy'],
    queryFn: ({ signal }) => call(op.getApprovalPolicy, { signal }) as Promise<ApprovalPolicy>,
  });
}

export function useBalance() {
  // Same key as the dashboard's balance card, so a confirmation refreshes both.
  return useQuery({
    queryKey: ['funding', 'balance'],
    queryFn: ({ signal }) => call(op.getFundingBalance, { signal }) as Promise<Balance>,
  });
}

export function useSenders() {
  return useQuery({
    queryKey: ['profiles', 'senders', 'all'],
    queryFn: ({ signal }) => allPages<SenderOption>(op.listSenders, {}, signal),
    staleTime: 60_000,
  });
}

/** Beneficiaries that can be paid now: `ready` ones (optionally of one sender). */
export function useReadyBeneficiaries() {
  return useQuery({
    queryKey: ['profiles', 'beneficiaries', 'ready'],
    queryFn: ({ signal }) => allPages<BeneficiaryOption>(op.listBeneficiaries, { status: 'ready' }, signal),
    staleTime: 60_000,
  });
}

/** Every beneficiary, any status: the CSV import explains "not ready" instead of "not found". */
export function useAllBeneficiaries(enabled: boolean) {
  return useQuery({
    queryKey: ['profiles', 'beneficiaries', 'all'],
    queryFn: ({ signal }) => allPages<BeneficiaryOption>(op.listBeneficiaries, {}, signal),
    staleTime: 60_000,
    enabled,
  });
}

export function useSenderFiles(senderId: string | null) {
  return useQuery({
    queryKey: ['profiles', 'senders', senderId, 'files'],
    queryFn: ({ signal }) =>
      call(op.listSenderFiles, { params: { senderId: senderId ?? '' }, signal }) as unknown as Promise<{
        items: SenderFile[];
      }>,
    enabled: Boolean(senderId),
    staleTime: 60_000,
  });
}

export function createBatchRequest(body: CreateBatchRequest, idempotencyKey: string) {
  return call(op.createBatch, { body, idempotencyKey }) as Promise<BatchWithOrders>;
}

function useBatchMutation(operation: Declared, batchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(operation, { params: { batchId } }) as Promise<BatchWithOrders>,
    onSuccess: (data) => {
      client.setQueryData([...payoutsKey, 'batch', batchId], data);
      void client.invalidateQueries({ queryKey: payoutsKey });
      void client.invalidateQueries({ queryKey: ['funding'] });
    },
  });
}

export const useConfirmBatch = (batchId: string) => useBatchMutation(op.confirmBatch, batchId);
export const useRequoteBatch = (batchId: string) => useBatchMutation(op.requoteBatch, batchId);
export const useDiscardBatch = (batchId: string) => useBatchMutation(op.discardBatch, batchId);
export const useAdvanceSandboxBatch = (batchId: string) => useBatchMutation(op.advanceSandboxBatch, batchId);

export function useUpdateApprovalPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalPolicyUpdate) =>
      call(op.updateApprovalPolicy, { body }) as Promise<ApprovalPolicy>,
    onSuccess: (data) => client.setQueryData([...payoutsKey, 'approval-policy'], data),
  });
}

/** A file answer (receipt PDF, orders CSV) saved under the name the server gives, with the browser session. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string | string[] };
    const message = Array.isArray(body.message) ? body.message.join('; ') : body.message;
    throw new Error(message ?? `Download failed (${response.status})`);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export const receiptUrl = (orderId: string) => urlOf(op.getOrderReceipt, { params: { orderId } });
export const exportUrl = (query: { from: string; to: string; status?: string }) =>
  urlOf(op.exportOrders, { query });

/**
 * Seconds the organization's business clock runs ahead of real time (the sandbox clock; 0 in production). Deadlines
 * (quote expiry, `expires_at`) are on that clock, so a countdown subtracts it to count in the reader's real time.
 */
export function useBusinessClockOffset(sandbox: boolean) {
  const query = useQuery({
    queryKey: ['sandbox', 'clock'],
    queryFn: ({ signal }) =>
      call(op.getSandboxClock, { signal }) as unknown as Promise<{
        now: string;
        offset_seconds: number;
      }>,
    enabled: sandbox,
    refetchInterval: sandbox ? 15_000 : false,
  });
  return sandbox ? (query.data?.offset_seconds ?? 0) : 0;
}

/** A business-clock deadline as the real-time instant it falls on for the reader. */
export function realDeadline(deadline: string, offsetSeconds: number): string {
  return new Date(new Date(deadline).getTime() - offsetSeconds * 1000).toISOString();
}
