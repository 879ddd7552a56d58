// Unit tests of batch status derivation: every row of DESIGN's table, and the counts the spec defines.
import { describe, expect, it } from 'vitest';
import { deriveBatchStatus } from './batch-status';

describe('deriveBatchStatus', () => {
  it.each([
    [['DRAFT', 'DRAFT'], false, 'AWAITING_CONFIRMATION'],
    [['AWAITING_DEPOSIT', 'AWAITING_DEPOSIT'], true, 'IN_PROGRESS'],
    [['COMPLETED', 'PAYING_BENEFICIARY'], true, 'IN_PROGRESS'],
    [['COMPLETED', 'FAILED', 'DEPOSIT_RECEIVED'], true, 'IN_PROGRESS'],
    [['COMPLETED', 'COMPLETED'], true, 'COMPLETED'],
    [['COMPLETED', 'FAILED'], true, 'PARTIALLY_COMPLETED'],
    [['COMPLETED', 'CANCELLED_EXPIRED'], true, 'PARTIALLY_COMPLETED'],
    [['FAILED', 'CANCELLED_EXPIRED'], true, 'FAILED'],
    [['CANCELLED_EXPIRED', 'CANCELLED_EXPIRED'], false, 'CANCELLED_EXPIRED'],
  ] as const)('%j (confirmed: %s) → %s', (orders, confirmed, status) => {
    expect(deriveBatchStatus(orders, confirmed).status).toBe(status);
  });

  it('counts completed orders, and failed ones including cancelled', () => {
    expect(deriveBatchStatus(['COMPLETED', 'FAILED', 'CANCELLED_EXPIRED', 'AWAITING_DEPOSIT'], true)).toEqual(
      {
        status: 'IN_PROGRESS',
        totalCount: 4,
        completedCount: 1,
        failedCount: 2,
      },
    );
  });

  it('refuses an empty batch', () => {
    expect(() => deriveBatchStatus([], false)).toThrow('at least one order');
  });
});
