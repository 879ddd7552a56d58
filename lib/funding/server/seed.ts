// Owns the demo's funding history: USDT deposits credited through the real deposit service over the past weeks.

import type { DemoOrgKey, SeededPeople } from '@/lib/identity/server';
import type { SeedContext } from '@/lib/platform/seed/context';
import { days, hours, minutesBefore } from '@/lib/platform/seed/time';
import { creditDeposit } from './deposits';

export interface DemoDeposit {
  org: DemoOrgKey;
  amount: string;
  chain: 'tron' | 'ethereum';
  minutesAgo: number;
}

/** Oldest first: the opening top-up, then regular top-ups as payouts and withdrawals draw the balance down. */
export const DEMO_DEPOSITS: readonly DemoDeposit[] = [
  { org: 'acme', amount: '250000.00', chain: 'tron', minutesAgo: days(30) + hours(3) },
  { org: 'acme', amount: '50000.00', chain: 'ethereum', minutesAgo: days(21) + hours(5) },
  { org: 'globex', amount: '25000.00', chain: 'tron', minutesAgo: days(14) + hours(2) },
  { org: 'acme', amount: '150000.00', chain: 'tron', minutesAgo: days(12) + hours(6) },
  { org: 'acme', amount: '100000.00', chain: 'tron', minutesAgo: days(4) + hours(1) },
  { org: 'acme', amount: '12500.75', chain: 'ethereum', minutesAgo: days(1) + hours(4) },
];

export async function seedDeposits(ctx: SeedContext, people: SeededPeople): Promise<number> {
  for (const deposit of DEMO_DEPOSITS) {
    await creditDeposit(ctx.tx, {
      orgId: people.orgs[deposit.org],
      amount: deposit.amount,
      chainCode: deposit.chain,
      at: minutesBefore(ctx.at, deposit.minutesAgo),
    });
  }
  return DEMO_DEPOSITS.length;
}
