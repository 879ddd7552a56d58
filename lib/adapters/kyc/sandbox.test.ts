// The sandbox KYC rule: whole words REJECT and REVIEW, in any case, decide; everything else is approved.
import { describe, expect, it } from 'vitest';
import { SANDBOX_REJECTION_REASON, sandboxDecision } from './sandbox';

describe('sandbox KYC decision', () => {
  it.each(['Acme REJECT Ltd', 'reject', 'Trading (Reject) GmbH', 'Ab-reject-cd'])('rejects %s', (name) => {
    expect(sandboxDecision({ name })).toEqual({ outcome: 'rejected', reason: SANDBOX_REJECTION_REASON });
  });
  it.each(['Acme REVIEW Ltd', 'review', 'Élodie Review'])('refers %s to staff', (name) => {
    expect(sandboxDecision({ name }).outcome).toBe('referred');
  });
  it.each(['Rejected Goods Ltd', 'Rejectamenta', 'Reviewers Inc', 'Preview Studio', 'Rhein Logistik GmbH'])(
    'approves %s (not the whole word)',
    (name) => {
      expect(sandboxDecision({ name })).toEqual({ outcome: 'approved' });
    },
  );
  it('REJECT wins over REVIEW', () => {
    expect(sandboxDecision({ name: 'Review and Reject Ltd' }).outcome).toBe('rejected');
  });
});
