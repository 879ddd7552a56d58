// @vitest-environment happy-dom
// The console's navigation as each staff member sees it: the Chain page (EVM custody's alerts and the withdrawals that
// need review) is offered to operations only — with Custody and the payouts desk — and never to support, a support
// lead or treasury; a person holding several roles sees the pages of each.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@/lib/platform/actor/roles';
import { consoleLinks } from './console-links';

vi.mock('next/navigation', () => ({ usePathname: () => '/support/chain' }));
const { ConsoleNav } = await import('./console-nav');

function navFor(roles: StaffRole[]) {
  const { unmount } = render(<ConsoleNav links={consoleLinks(roles)} />);
  const nav = screen.getByRole('navigation', { name: 'Support console' });
  const names = within(nav)
    .queryAllByRole('link')
    .map((link) => link.textContent);
  const chain = within(nav).queryByRole('link', { name: 'Chain' });
  const result = {
    names,
    chain: chain?.getAttribute('href') ?? null,
    current: chain?.getAttribute('aria-current'),
  };
  unmount();
  return result;
}

describe('the console navigation', () => {
  it('offers the Chain page to operations, marked current on it', () => {
    const seen = navFor(['operations']);
    expect(seen.names).toEqual(['Payouts desk', 'Custody', 'Chain']);
    expect(seen.chain).toBe('/support/chain');
    expect(seen.current).toBe('page');
  });

  it('does not offer it to support, a support lead or treasury', () => {
    for (const roles of [
      ['support'],
      ['support_lead'],
      ['treasury'],
      ['support_lead', 'treasury'],
    ] as StaffRole[][]) {
      const seen = navFor(roles);
      expect(seen.chain, roles.join(', ')).toBeNull();
      expect(seen.names).not.toContain('Custody');
    }
    expect(navFor(['support']).names).toEqual(['Organizations', 'Reviews', 'Emails']);
  });

  it('offers it beside the support pages to a person holding support and operations', () => {
    expect(navFor(['support', 'operations']).names).toEqual([
      'Organizations',
      'Reviews',
      'Emails',
      'Payouts desk',
      'Custody',
      'Chain',
    ]);
  });
});
