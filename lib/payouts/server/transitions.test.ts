// Unit tests of the order state machine and the sandbox's magic amounts.
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, TERMINAL_ORDER_STATUSES } from '@/db/schema/payouts';
import { nextOnPath, sandboxPath, stepsAutomatically } from '@/lib/platform/adapters/sandbox-magic';
import { TRANSITIONS, transitionFor } from './transitions';

describe('the transition table', () => {
  it('allows exactly the lifecycle of DESIGN, and nothing out of a terminal state', () => {
    expect(TRANSITIONS.map((t) => `${t.from}→${t.to}`).sort()).toEqual(
      [
        'DRAFT→AWAITING_DEPOSIT',
        'DRAFT→CANCELLED_EXPIRED',
        'AWAITING_DEPOSIT→DEPOSIT_RECEIVED',
        'AWAITING_DEPOSIT→CANCELLED_EXPIRED',
        'DEPOSIT_RECEIVED→PAYING_BENEFICIARY',
        'DEPOSIT_RECEIVED→FAILED',
        'PAYING_BENEFICIARY→COMPLETED',
        'PAYING_BENEFICIARY→FAILED',
      ].sort(),
    );
    for (const from of TERMINAL_ORDER_STATUSES)
      for (const to of ORDER_STATUSES) expect(transitionFor(from, to)).toBeUndefined();
    expect(transitionFor('AWAITING_DEPOSIT', 'COMPLETED')).toBeUndefined();
    expect(transitionFor('DRAFT', 'DEPOSIT_RECEIVED')).toBeUndefined();
  });

  it('moves money held → settlement → rail, and back to available on failure or expiry', () => {
    const money = (from: string, to: string) => {
      const m = transitionFor(from as never, to as never)?.movement;
      return m ? `${m.from}→${m.to}` : null;
    };
    expect(money('DRAFT', 'AWAITING_DEPOSIT')).toBeNull(); // the batch-level hold, by confirm
    expect(money('AWAITING_DEPOSIT', 'DEPOSIT_RECEIVED')).toBe('held→settlement');
    expect(money('AWAITING_DEPOSIT', 'CANCELLED_EXPIRED')).toBe('held→available');
    expect(money('DEPOSIT_RECEIVED', 'PAYING_BENEFICIARY')).toBeNull();
    expect(money('PAYING_BENEFICIARY', 'COMPLETED')).toBe('settlement→payout_rail');
    expect(money('PAYING_BENEFICIARY', 'FAILED')).toBe('settlement→available');
    expect(money('DEPOSIT_RECEIVED', 'FAILED')).toBe('settlement→available');
  });

  it('every path from AWAITING_DEPOSIT ends terminal, and every step it takes is in the table', () => {
    for (const path of ['complete', 'fail', 'never_funded', 'manual'] as const) {
      let status: (typeof ORDER_STATUSES)[number] = 'AWAITING_DEPOSIT';
      for (let next = nextOnPath(status, path); next; next = nextOnPath(status, path)) {
        expect(transitionFor(status, next), `${status}→${next}`).toBeDefined();
        status = next;
      }
      expect(TERMINAL_ORDER_STATUSES).toContain(status);
    }
  });
});

describe('sandbox magic amounts', () => {
  it('read the whole part of the amount, in any currency', () => {
    expect(sandboxPath('666.00')).toBe('fail');
    expect(sandboxPath('1666')).toBe('fail');
    expect(sandboxPath('10777.50')).toBe('never_funded');
    expect(sandboxPath('555.999')).toBe('manual');
    expect(sandboxPath('1000.666')).toBe('complete');
    expect(sandboxPath('6660.00')).toBe('complete');
    expect(stepsAutomatically('complete') && stepsAutomatically('fail')).toBe(true);
    expect(stepsAutomatically('manual') || stepsAutomatically('never_funded')).toBe(false);
  });
});
