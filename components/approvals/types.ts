// Owns the approval as the portal reads it from a batch, a withdrawal, a wallet or the inbox.
// TODO(lead, at the merge with the approvals area): derive these from lib/approvals/contract's wire schemas.
export interface ApprovalGiven {
  user_id: string;
  name: string;
  at: string;
}

export interface ApprovalStage {
  name: string;
  required: number;
  eligible: { role: string } | { user_ids: string[] };
  approvals: ApprovalGiven[];
}

export interface Approval {
  status: 'not_required' | 'pending' | 'approved' | 'rejected';
  stages: ApprovalStage[];
  rejection: { by: { user_id: string; name: string }; at: string; reason: string } | null;
}

/** What the caller may do next, and why not: computed by the server so the portal never restates a rule. */
export interface ApprovalAction {
  name: string;
  allowed: boolean;
  reason: string | null;
}
