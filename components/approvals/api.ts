'use client';
// Owns the approvals pages' reads and writes of the rules API: the typed fetch with each operation's declaration,
// wrapped in react-query hooks keyed by operation id, so a change refreshes every view of the rules.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  approveRuleChangeOperation,
  cancelRuleChangeOperation,
  createApprovalRuleOperation,
  deleteApprovalRuleOperation,
  listApprovalRulesOperation,
  listRuleChangesOperation,
  updateApprovalRuleOperation,
} from '@/lib/approvals/contract/routes';
import { listMembersOperation } from '@/lib/identity/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';
import type { BodyInputOf, ResponseWireOf } from '@/lib/platform/operations/operation';

export type ApprovalRule = ResponseWireOf<typeof listApprovalRulesOperation>['data'][number];
export type RuleChange = ResponseWireOf<typeof updateApprovalRuleOperation>;
export type ApprovalRuleBody = BodyInputOf<typeof createApprovalRuleOperation>;

export function useApprovalRules() {
  return useApiQuery(listApprovalRulesOperation, {});
}

/** The changes still waiting (for approval, or a single admin's notice period): shown under their rules after a reload. */
export function useWaitingRuleChanges() {
  return useApiQuery(listRuleChangesOperation, { query: { status: 'pending', limit: '100' } });
}

/** The people a stage may name, and everyone's name by id (admins only may list the team: others get none). */
export function useTeam(enabled: boolean) {
  return useApiQuery(listMembersOperation, { query: { limit: '100' } }, { enabled });
}

function useRulesMutation<I, R>(call: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: [listApprovalRulesOperation.id] });
      await client.invalidateQueries({ queryKey: [listRuleChangesOperation.id] });
    },
  });
}

export function useCreateRule() {
  return useRulesMutation((body: ApprovalRuleBody) => apiFetch(createApprovalRuleOperation, { body }));
}

/** Answers with the waiting change (202): an update never applies at once. */
export function useUpdateRule() {
  return useRulesMutation((input: { ruleId: string; body: ApprovalRuleBody }) =>
    apiFetch(updateApprovalRuleOperation, { params: { ruleId: input.ruleId }, body: input.body }),
  );
}

export function useDeleteRule() {
  return useRulesMutation((ruleId: string) => apiFetch(deleteApprovalRuleOperation, { params: { ruleId } }));
}

export function useApproveChange() {
  return useRulesMutation((changeId: string) =>
    apiFetch(approveRuleChangeOperation, { params: { changeId } }),
  );
}

export function useCancelChange() {
  return useRulesMutation((changeId: string) =>
    apiFetch(cancelRuleChangeOperation, { params: { changeId } }),
  );
}
