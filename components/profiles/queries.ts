'use client';
// Owns the profile pages' reads and writes of /api/v2 through the typed fetch: one key per operation, so a change
// refreshes every list and detail that shows it, and a profile in review is polled until the review decides.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';
import type { ProfileKind } from '@/lib/profiles/contract/enums';
import {
  getBeneficiaryOperation,
  getSenderOperation,
  listBeneficiariesOperation,
  listSenderFilesOperation,
  listSendersOperation,
  submitBeneficiaryOperation,
  submitSenderOperation,
} from '@/lib/profiles/contract/routes';
import type { BeneficiaryWire, SenderWire } from '@/lib/profiles/contract/schemas';

/** While the sandbox (or staff) reviews, the page asks again every 1.5 s, so `ready` appears without a reload. */
const pollWhileInReview = (query: { state: { data?: { status?: string } } }) =>
  query.state.data?.status === 'in_review' ? 1500 : false;

export function useSender(senderId: string) {
  return useApiQuery(getSenderOperation, { params: { senderId } }, { refetchInterval: pollWhileInReview });
}

export function useBeneficiary(beneficiaryId: string) {
  return useApiQuery(
    getBeneficiaryOperation,
    { params: { beneficiaryId } },
    { refetchInterval: pollWhileInReview },
  );
}

export function useSenderFiles(senderId: string) {
  return useApiQuery(listSenderFilesOperation, { params: { senderId } });
}

/** Every sender (up to 100), for choosing a beneficiary's sender and naming it in lists. */
export function useAllSenders() {
  return useApiQuery(listSendersOperation, { query: { limit: '100' } }, { staleTime: 30_000 });
}

/** Refreshes every profile read after a change. */
export function useInvalidateProfiles() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [
        getSenderOperation,
        listSendersOperation,
        getBeneficiaryOperation,
        listBeneficiariesOperation,
        listSenderFilesOperation,
      ].map((operation) => client.invalidateQueries({ queryKey: [operation.id] })),
    );
}

export function useSubmitProfile(kind: ProfileKind, id: string) {
  const invalidate = useInvalidateProfiles();
  return useMutation({
    mutationFn: (): Promise<SenderWire | BeneficiaryWire> =>
      kind === 'sender'
        ? apiFetch(submitSenderOperation, { params: { senderId: id } })
        : apiFetch(submitBeneficiaryOperation, { params: { beneficiaryId: id } }),
    onSettled: invalidate,
  });
}
