'use client';
// Owns the profiles the batch pages offer and name: every sender, every (or every ready) beneficiary, a sender's
// proof files — through the typed fetch. Kept apart from ./api so pages that show no profile (the dashboard, the
// batches list) do not load the profiles declarations.
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';
import {
  listBeneficiariesOperation,
  listSenderFilesOperation,
  listSendersOperation,
} from '@/lib/profiles/contract/routes';
import type { BeneficiaryWire, SenderFileWire, SenderWire } from '@/lib/profiles/contract/schemas';
import { allPages } from './api';

/** The profiles the builder offers: the profiles API's own shapes. */
export type SenderOption = SenderWire;
export type BeneficiaryOption = BeneficiaryWire;
export type SenderFile = SenderFileWire;

export function useSenders() {
  return useQuery({
    queryKey: [listSendersOperation.id, 'all'],
    queryFn: ({ signal }) =>
      allPages<SenderOption>((page) => apiFetch(listSendersOperation, { query: page, signal })),
    staleTime: 60_000,
  });
}

/** Beneficiaries that can be paid now: `ready` ones. */
export function useReadyBeneficiaries() {
  return useQuery({
    queryKey: [listBeneficiariesOperation.id, 'all', 'ready'],
    queryFn: ({ signal }) =>
      allPages<BeneficiaryOption>((page) =>
        apiFetch(listBeneficiariesOperation, { query: { ...page, status: 'ready' }, signal }),
      ),
    staleTime: 60_000,
  });
}

/** Every beneficiary, any status: the CSV import explains "not ready" instead of "not found". */
export function useAllBeneficiaries(enabled: boolean) {
  return useQuery({
    queryKey: [listBeneficiariesOperation.id, 'all'],
    queryFn: ({ signal }) =>
      allPages<BeneficiaryOption>((page) => apiFetch(listBeneficiariesOperation, { query: page, signal })),
    staleTime: 60_000,
    enabled,
  });
}

export function useSenderFiles(senderId: string | null) {
  return useApiQuery(
    listSenderFilesOperation,
    { params: { senderId: senderId ?? '' } },
    { enabled: Boolean(senderId), staleTime: 60_000 },
  );
}
