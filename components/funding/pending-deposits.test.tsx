// @vitest-environment happy-dom
// A client who just sent USDT sees it arriving with its confirmations before it reaches the balance; with nothing
// arriving (or custody that watches no chain) the card shows nothing more.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const state: { items: unknown[] } = { items: [] };
vi.mock('./queries', () => ({ usePendingDeposits: () => ({ data: { items: state.items } }) }));

const { PendingDeposits } = await import('./pending-deposits');

describe('pending deposits', () => {
  it('lists each with its amount and "n of N confirmations"', () => {
    state.items = [
      {
        id: 'd1',
        amount: '250.500000',
        transaction_hash: `0x${'ab'.repeat(32)}`,
        confirmations: 4,
        required_confirmations: 12,
      },
    ];
    render(<PendingDeposits />);
    expect(screen.getByText('250.50 USDT')).toBeTruthy();
    expect(screen.getByTestId('confirmations').textContent).toBe('4 of 12 confirmations');
  });

  it('shows nothing when none is arriving', () => {
    state.items = [];
    const { container } = render(<PendingDeposits />);
    expect(container.textContent).toBe('');
  });
});
