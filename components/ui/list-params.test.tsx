// @vitest-environment happy-dom
// Two filter changes in a row, the second before the first reached the URL (router.replace commits later) or made by a
// handler an earlier render gave out: the list keeps both, as a person choosing a status and then searching a
// reference expects.
import { renderHook } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';

const replace = vi.fn();
let search = new URLSearchParams('');
vi.mock('next/navigation', () => ({
  useRouter: () => ({ replace }),
  usePathname: () => '/batches',
  useSearchParams: () => search,
}));

const { useListParams } = await import('./list-params');

beforeEach(() => {
  replace.mockClear();
  search = new URLSearchParams('');
});

it('builds a second change on the first when the URL has not caught up yet', () => {
  const { result, rerender } = renderHook(() => useListParams());
  const stale = result.current;
  stale.set({ status: 'AWAITING_CONFIRMATION' });
  // The second change is made with the set of the same render: the URL still has no status.
  stale.set({ reference: 'e2e-member' });
  expect(replace).toHaveBeenLastCalledWith('/batches?status=AWAITING_CONFIRMATION&reference=e2e-member', {
    scroll: false,
  });

  // Once the URL has both, it is the base again (a change made elsewhere, e.g. Back, is not overridden).
  search = new URLSearchParams('status=FAILED');
  rerender();
  result.current.set({ reference: 'payroll' });
  expect(replace).toHaveBeenLastCalledWith('/batches?status=FAILED&reference=payroll', { scroll: false });
});

it('builds on the URL the first change reached, even through the set of the render before it', () => {
  const { result, rerender } = renderHook(() => useListParams());
  // The search form's submit handler holds the set of this render while it validates the reference.
  const heldBySubmit = result.current.set;
  result.current.set({ status: 'AWAITING_CONFIRMATION' });
  // The status reaches the URL before the submit handler runs.
  search = new URLSearchParams('status=AWAITING_CONFIRMATION');
  rerender();
  heldBySubmit({ reference: 'e2e-member' });
  expect(replace).toHaveBeenLastCalledWith('/batches?status=AWAITING_CONFIRMATION&reference=e2e-member', {
    scroll: false,
  });
});
