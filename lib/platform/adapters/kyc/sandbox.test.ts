// The sandbox KYC rule: whole words REJECT and REVIEW, in any case, decide; everything else is approved.
import { describe, expect, it } from 'vitest';
import { decideSandboxReview, SANDBOX_REJECTION_REASON } from './sandbox';

const decide = (name: string) => decideSandboxReview({ kind: 'sender', names: [name] });

describe('sandbox KYC decision', () => {
  it.each(['Acme REJECT Ltd', 'reject', 'Trading (Reject) GmbH', 'Ab-reject-cd'])('rejects %s', (name) => {
    expect(decide(name)).toMatchObject({ outcome: 'rejected', rejectionReason: SANDBOX_REJECTION_REASON });
  });
  it.each(['Acme REVIEW Ltd', 'review', 'Élodie Review'])('leaves %s for staff', (name) => {
    expect(decide(name).outcome).toBe('in_review');
  });
  it.each(['Rejected Goods Ltd', 'Rejectamenta', 'Reviewers Inc', 'Preview Studio', 'Rhein Logistik GmbH'])(
    'approves %s (not the whole word)',
    (name) => {
      expect(decide(name)).toMatchObject({ outcome: 'ready', rejectionReason: null });
    },
  );
  it('REJECT wins over REVIEW', () => {
    expect(decide('Review and Reject Ltd').outcome).toBe('rejected');
  });
});
