// @vitest-environment happy-dom
// The dashboard's balance as a finance user reconciles it: the figure on the card is the statement's figure (the
// statement CSV writes what lib/platform/money's formatUsdt writes), grouped, to the last unit the ledger holds.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatUsdt } from '@/lib/platform/money/currencies';

const BALANCE = { available: '158855.495365', held: '250.5', total: '159105.995365' };
vi.mock('./queries', () => ({ useBalance: () => ({ isPending: false, isError: false, data: BALANCE }) }));

const { BalanceCard } = await import('./balance-card');

describe('the balance card', () => {
  it('shows each balance with the digits of the statement CSV, not rounded to the cent', () => {
    render(<BalanceCard />);
    expect(screen.getByTestId('balance-available').textContent).toBe('158,855.495365 USDT');
    expect(screen.getByTestId('balance-held').textContent).toBe('250.50 USDT');
    expect(screen.getByTestId('balance-total').textContent).toBe('159,105.995365 USDT');
    for (const key of ['available', 'held', 'total'] as const) {
      const figure = screen
        .getByTestId(`balance-${key}`)
        .textContent!.replace(' USDT', '')
        .replaceAll(',', '');
      expect(figure).toBe(formatUsdt(BALANCE[key]));
    }
  });
});
