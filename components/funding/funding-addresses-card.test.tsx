// @vitest-environment happy-dom
// A client whose organization existed before EVM custody was switched on sees its address as being prepared — not an
// empty card telling it to contact support, and no address to send to — until the backfill has made it.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const state: { items: unknown[]; preparing: unknown[] } = { items: [], preparing: [] };
vi.mock('./queries', () => ({
  useFundingAddresses: () => ({ isPending: false, isError: false, data: state }),
  usePendingDeposits: () => ({ data: { items: [] } }),
}));

const { FundingAddressesCard } = await import('./funding-addresses-card');

const ethereum = {
  chain_id: '01a228d2-0000-7000-8000-000000000001',
  chain: 'ethereum',
  chain_name: 'Ethereum',
  token_standard: 'ERC-20',
  currency: 'USDT',
};

describe('the funding addresses card', () => {
  it('shows a chain whose address is being prepared, with nothing to copy', () => {
    state.items = [];
    state.preparing = [ethereum];
    render(<FundingAddressesCard />);
    const row = screen.getByTestId('funding-address-ethereum');
    expect(row.textContent).toContain('Being prepared');
    expect(row.textContent).toContain('do not send USDT on this network until it appears here');
    expect(screen.queryByTestId('address')).toBeNull();
    expect(screen.queryByText('No funding address yet')).toBeNull();
  });

  it('shows the address once it is made', () => {
    state.items = [
      { ...ethereum, id: 'a1', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', created_at: '' },
    ];
    state.preparing = [];
    render(<FundingAddressesCard />);
    expect(screen.getByTestId('address').textContent).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(screen.queryByText('Being prepared')).toBeNull();
  });
});
