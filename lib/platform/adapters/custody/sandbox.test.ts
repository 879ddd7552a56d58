// The sandbox custody provider's documented steps and magic amounts.
import { describe, expect, it } from 'vitest';
import type { WithdrawalStatus, WithdrawalSubStatus } from '@/db/schema/liquidity';
import { sandboxCustody as custody } from './sandbox';

function walk(amount: string, chainCode = 'tron') {
  let state: { status: WithdrawalStatus; subStatus: WithdrawalSubStatus } = {
    status: 'SUBMITTED',
    subStatus: 'awaiting_approval',
  };
  const seen: string[] = [];
  for (;;) {
    const next = custody.nextWithdrawalStep({ amount, chainCode, ...state });
    if (!next) return seen;
    seen.push(`${next.status}/${next.subStatus}`);
    state = next;
  }
}

describe('sandbox custody withdrawals', () => {
  it('steps an ordinary amount through signing, broadcasting and confirming to COMPLETED', () => {
    expect(walk('250.00')).toEqual([
      'PROCESSING/signing',
      'PROCESSING/broadcasting',
      'PROCESSING/confirming',
      'COMPLETED/confirmed',
    ]);
    expect(
      custody.withdrawalStepsAutomatically({
        amount: '250.00',
        chainCode: 'tron',
        status: 'SUBMITTED',
        subStatus: 'awaiting_approval',
      }),
    ).toBe(true);
  });

  it('fails a whole part ending in 666 at broadcast, with a reason', () => {
    expect(walk('1666.99')).toEqual([
      'PROCESSING/signing',
      'PROCESSING/broadcasting',
      'FAILED/broadcast_failed',
    ]);
    expect(walk('666')).toHaveLength(3);
    // Only the whole part counts.
    expect(walk('12.666')).toHaveLength(4);
  });

  it('takes no automatic step for a whole part ending in 555', () => {
    const view = { chainCode: 'tron', status: 'SUBMITTED', subStatus: 'awaiting_approval' } as const;
    expect(custody.withdrawalStepsAutomatically({ ...view, amount: '7555.00' })).toBe(false);
    expect(custody.withdrawalStepsAutomatically({ ...view, amount: '555.5' })).toBe(false);
    expect(custody.withdrawalStepsAutomatically({ ...view, amount: '5.555' })).toBe(true);
  });

  it('gives EVM chains 0x-prefixed transaction hashes and TRON bare hex', () => {
    const confirming = (chainCode: string) =>
      custody.nextWithdrawalStep({ amount: '1', chainCode, status: 'PROCESSING', subStatus: 'broadcasting' });
    expect(confirming('ethereum')?.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(confirming('tron')?.transactionHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
