// Owns /settings/approvals: the maker-checker policy for confirming batches, withdrawals and new wallets (admins change
// it, everyone sees it).
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { ApprovalPolicySettings } from '@/components/payouts/approval-policy-settings';

export const metadata: Metadata = { title: 'Approvals' };

export default function ApprovalsPage() {
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Who may confirm a payout batch, and whether withdrawals and new address-book wallets need a second approver. With maker-checker on, the person or API key that created something cannot also approve it."
      />
      <ApprovalPolicySettings />
    </>
  );
}
