// Owns the approval as the portal reads it from a batch, a withdrawal, a wallet, a rule change or the inbox: the wire
// shapes of lib/approvals/contract, so a change to the API's shape is a type error here rather than a blank on a page.
import type { ApprovalWire } from '@/lib/approvals/contract/schemas';

export type Approval = ApprovalWire;
export type ApprovalStage = Approval['stages'][number];
