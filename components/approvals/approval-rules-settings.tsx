'use client';
// Owns the organization's approval rules on Settings → Approvals: each rule with what it governs, when it applies and
// who approves in which order, in words; admins create rules (applied at once), and ask to change or delete one (a
// change that waits, shown under its rule with Cancel, also after a reload). Approvers and members read. Rules carried
// over from the approval policy are changed with the policy's switches below them, not here.
import { useState } from 'react';
import { useCan } from '@/components/layout/portal-context';
import { errorText } from '@/components/settings/errors';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { useLocale } from '@/components/ui/locale';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { STAGE_ROLE_HOLDERS } from '@/lib/approvals/contract/enums';
import { createApprovalRuleOperation } from '@/lib/approvals/contract/routes';
import {
  type ApprovalRule,
  type RuleChange,
  useApprovalRules,
  useDeleteRule,
  useTeam,
  useWaitingRuleChanges,
} from './api';
import { ApprovalRuleDialog, type Approver } from './approval-rule-form';
import { RuleChangeNotice } from './rule-change-notice';
import { appliesToWords, OBJECT_WORDS, stagesWords } from './rule-words';

export function ApprovalRulesSettings() {
  const rules = useApprovalRules();
  const mayEdit = useCan(createApprovalRuleOperation);
  // Only admins may list the team; the others read "2 of 3 named people".
  const team = useTeam(mayEdit);
  // The changes that wait, by rule: as the API lists them (so they show after a reload), and as this page last saw
  // them (a change just asked for, cancelled or approved here).
  const waiting = useWaitingRuleChanges();
  const [changes, setChanges] = useState<ReadonlyMap<string, RuleChange>>(new Map());
  const changeOf = (ruleId: string) =>
    changes.get(ruleId) ?? waiting.data?.items.find((change) => change.rule_id === ruleId);
  const remember = (change: RuleChange) =>
    setChanges((current) => (change.rule_id ? new Map(current).set(change.rule_id, change) : current));

  const members = team.data?.items ?? [];
  const names = new Map(members.map((member) => [member.user_id, member.name]));
  const approvers: Approver[] = members
    .filter((member) => (STAGE_ROLE_HOLDERS.approver as readonly string[]).includes(member.role))
    .map(({ user_id, name }) => ({ user_id, name }));

  return (
    <Card
      id="approval-rules"
      title="Approval rules"
      description="What needs whose approval before it goes ahead. Every rule that matches must be satisfied; makers never approve their own, and one person fills one place across the stages."
      action={
        mayEdit ? (
          <ApprovalRuleDialog
            approvers={approvers}
            names={names}
            trigger={
              <Button size="sm" changesState>
                New rule
              </Button>
            }
          />
        ) : null
      }
    >
      {rules.isPending ? (
        <LoadingBlock label="Loading the approval rules" />
      ) : rules.isError ? (
        <ErrorState
          title="The approval rules could not be loaded"
          error={rules.error}
          onRetry={() => void rules.refetch()}
        />
      ) : rules.data.data.length === 0 ? (
        <EmptyState
          title="No approval rules"
          description="Batches, withdrawals and wallets go ahead without anyone else’s approval."
        />
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Approval rules">
          {rules.data.data.map((rule) => (
            <RuleItem
              key={rule.id}
              rule={rule}
              names={names}
              approvers={approvers}
              mayEdit={mayEdit}
              change={changeOf(rule.id)}
              onChange={remember}
            />
          ))}
        </ul>
      )}
      {!mayEdit ? <p className="mt-3 text-sm text-slate-600">Only admins can change the rules.</p> : null}
    </Card>
  );
}

function RuleItem({
  rule,
  names,
  approvers,
  mayEdit,
  change,
  onChange,
}: {
  rule: ApprovalRule;
  names: ReadonlyMap<string, string>;
  approvers: readonly Approver[];
  mayEdit: boolean;
  change: RuleChange | undefined;
  onChange: (change: RuleChange) => void;
}) {
  const { locale } = useLocale();
  const remove = useDeleteRule();
  const waiting = change?.status === 'pending';
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start" aria-label={rule.name}>
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-medium text-slate-900">{rule.name}</span>
          <Badge>{OBJECT_WORDS[rule.object].label}</Badge>
          {rule.from_approval_policy ? <Badge tone="neutral">From the approval policy</Badge> : null}
        </p>
        <p className="text-slate-700">
          <span className="text-slate-500">When: </span>
          {appliesToWords(rule.object, rule.conditions, locale)}
        </p>
        <p className="text-slate-700">
          <span className="text-slate-500">Approved by: </span>
          {stagesWords(rule.stages, names)}
        </p>
        {rule.from_approval_policy && mayEdit ? (
          <p className="text-xs text-slate-500">Change it with the policy’s settings below.</p>
        ) : null}
        {change ? (
          <div className="pt-2">
            <RuleChangeNotice change={change} names={names} onUpdated={onChange} />
          </div>
        ) : null}
      </div>
      {mayEdit && !rule.from_approval_policy && !waiting ? (
        <div className="flex gap-2">
          <ApprovalRuleDialog
            rule={rule}
            approvers={approvers}
            names={names}
            onChanged={onChange}
            trigger={
              <Button variant="secondary" size="sm" changesState aria-label={`Change ${rule.name}`}>
                Change
              </Button>
            }
          />
          <ConfirmAction
            trigger={
              <Button variant="ghost" size="sm" aria-label={`Delete ${rule.name}`}>
                Delete
              </Button>
            }
            title={`Delete “${rule.name}”?`}
            description="Deleting waits for another admin’s approval (or, if you are the only admin, applies after a notice period unless cancelled). Anything already waiting for approval keeps the stages it was given."
            confirmLabel="Ask to delete"
            action={async () => onChange(await remove.mutateAsync(rule.id))}
            success="Deletion asked for"
            failure={`Could not ask to delete ${rule.name}`}
            describeError={errorText}
            closeOnError
          />
        </div>
      ) : null}
    </li>
  );
}
