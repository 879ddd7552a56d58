'use client';
// Owns the Approvals page's inbox: three views (waiting for me, pending, decided) kept in the URL, each a page of the
// approvals inbox API; approving (several at once in "waiting for me") and rejecting each object through its own
// operation, a batch on the digest the list showed, so a batch that changed since is refused rather than approved
// unseen.
import { useQueryClient } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Tabs } from '@/components/ui/tabs';
import { approveRuleChangeOperation, listApprovalsOperation } from '@/lib/approvals/contract/routes';
import {
  approveWalletOperation,
  approveWithdrawalOperation,
  rejectWalletOperation,
  rejectWithdrawalOperation,
} from '@/lib/liquidity/contract/routes';
import { approveBatchOperation, rejectBatchOperation } from '@/lib/payouts/contract/routes';
import { apiFetch, PayoutApiError } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';
import type { ResponseWireOf } from '@/lib/platform/operations/operation';
import { ApprovalsList, type ApproveOutcome, type InboxItem } from './approvals-list';

type InboxView = 'waiting_for_me' | 'pending' | 'decided';
type InboxItemWire = ResponseWireOf<typeof listApprovalsOperation>['items'][number];

const VIEWS: readonly { value: InboxView; label: string; empty: string }[] = [
  { value: 'waiting_for_me', label: 'Waiting for me', empty: 'Nothing waits for your approval' },
  { value: 'pending', label: 'Pending', empty: 'Nothing is waiting for approval' },
  { value: 'decided', label: 'Decided', empty: 'No approval has been decided yet' },
];

function viewOf(value: string | null): InboxView {
  return VIEWS.some((view) => view.value === value) ? (value as InboxView) : 'waiting_for_me';
}

/** The list's own words for an item: its title as the server wrote it. */
function toListItem(item: InboxItemWire): InboxItem {
  const title = typeof item.summary.title === 'string' ? item.summary.title : 'Approval';
  return {
    object_type: item.object_type,
    object_id: item.object_id,
    summary: title,
    approval: item.approval,
    approval_digest: item.approval_digest,
    actions: item.actions,
  };
}

/** One rejection through the object's own operation (batches, withdrawals and wallets; a rule change is cancelled). */
async function rejectOne(item: InboxItem, reason: string): Promise<ApproveOutcome> {
  try {
    if (item.object_type === 'batch')
      await apiFetch(rejectBatchOperation, { params: { batchId: item.object_id }, body: { reason } });
    else if (item.object_type === 'withdrawal')
      await apiFetch(rejectWithdrawalOperation, {
        params: { withdrawalId: item.object_id },
        body: { reason },
      });
    else if (item.object_type === 'wallet')
      await apiFetch(rejectWalletOperation, { params: { walletId: item.object_id }, body: { reason } });
    else return { ok: false, message: 'It cannot be rejected from here' };
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof PayoutApiError ? error.message : 'Something went wrong' };
  }
}

/** One approval through the object's own operation; a refusal is an outcome with the server's message. */
async function approveOne(item: InboxItem): Promise<ApproveOutcome> {
  try {
    switch (item.object_type) {
      case 'batch':
        await apiFetch(approveBatchOperation, {
          params: { batchId: item.object_id },
          body: { approval_digest: item.approval_digest ?? '' },
        });
        break;
      case 'withdrawal':
        await apiFetch(approveWithdrawalOperation, { params: { withdrawalId: item.object_id } });
        break;
      case 'wallet':
        await apiFetch(approveWalletOperation, { params: { walletId: item.object_id } });
        break;
      case 'approval_rules':
        await apiFetch(approveRuleChangeOperation, { params: { changeId: item.object_id } });
        break;
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, message: error instanceof PayoutApiError ? error.message : 'Something went wrong' };
  }
}

export function ApprovalsInbox() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const view = viewOf(params.get('view'));
  return (
    <Tabs
      aria-label="Approvals"
      value={view}
      onValueChange={(next) => router.replace(`${pathname}?view=${next}`, { scroll: false })}
      items={VIEWS.map((item) => ({
        value: item.value,
        label: item.label,
        content: item.value === view ? <InboxPage view={item.value} empty={item.empty} /> : null,
      }))}
    />
  );
}

function InboxPage({ view, empty }: { view: InboxView; empty: string }) {
  const client = useQueryClient();
  const [cursor, setCursor] = useState<string | undefined>();
  const query = { view, limit: '25', ...(cursor ? { starting_after: cursor } : {}) };
  const page = useApiQuery(listApprovalsOperation, { query });
  if (page.isPending) return <LoadingBlock label="Loading the approvals" />;
  if (page.isError)
    return (
      <ErrorState
        title="Could not load the approvals"
        error={page.error}
        onRetry={() => void page.refetch()}
      />
    );
  const items = page.data.items;
  const approve = async (item: InboxItem) => {
    const outcome = await approveOne(item);
    // Every view and every object page reads fresh: an approval moves items between views and may confirm a batch.
    await client.invalidateQueries();
    return outcome;
  };
  return (
    <div className="space-y-3">
      <ApprovalsList
        items={items.map(toListItem)}
        selectable={view === 'waiting_for_me'}
        approve={approve}
        reject={async (item, reason) => {
          const outcome = await rejectOne(item, reason);
          await client.invalidateQueries();
          return outcome;
        }}
        empty={
          cursor ? (
            <EmptyState
              title="No more approvals"
              action={<Button onClick={() => setCursor(undefined)}>Back to the first page</Button>}
            />
          ) : (
            <EmptyState title={empty} />
          )
        }
      />
      {page.data.meta.has_more ? (
        <Button variant="secondary" onClick={() => setCursor(items.at(-1)?.id)}>
          Older approvals
        </Button>
      ) : null}
    </div>
  );
}
