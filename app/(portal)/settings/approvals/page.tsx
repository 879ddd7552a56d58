// Owns /settings/approvals: the maker-checker policy for confirming batches (admins change it, everyone sees it).
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { ApprovalPolicySettings } from '@/components/payouts/approval-policy-settings';

export const metadata: Metadata = { title: 'Approvals' };

export default function ApprovalsPage() {
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Who may confirm a payout batch. With maker-checker on, the person or API key that created a batch cannot also confirm it."
      />
      <ApprovalPolicySettings />
    </>
  );
}
