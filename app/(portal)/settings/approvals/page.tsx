// Owns /settings/approvals: the organization's approval rules (admins create, change and delete them; everyone sees
// them), then the approval policy's switches, which edit the rules carried over from it.
import type { Metadata } from 'next';
import { ApprovalRulesSettings } from '@/components/approvals/approval-rules-settings';
import { PageHeader } from '@/components/layout/page-header';
import { ApprovalPolicySettings } from '@/components/payouts/approval-policy-settings';

export const metadata: Metadata = { title: 'Approvals' };

export default function ApprovalsPage() {
  return (
    <>
      <PageHeader
        title="Approvals"
        description="Who must approve a payout batch, a withdrawal, a new wallet or a change to these rules before it goes ahead. The person or API key that created something never approves it."
      />
      <div className="space-y-6">
        <ApprovalRulesSettings />
        <ApprovalPolicySettings />
      </div>
    </>
  );
}
