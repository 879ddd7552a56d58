import { describe, expect, it } from 'vitest';
import { dashboardSections } from './sections';

describe('dashboardSections', () => {
  it('shows a liquidity-only organization its funding balance, without the payouts cards it cannot use', () => {
    expect(dashboardSections(['liquidity_management'])).toEqual({ funding: true, payouts: false });
    expect(dashboardSections(['liquidity_utilization'])).toEqual({ funding: true, payouts: false });
  });

  it('shows a payouts organization everything', () => {
    expect(dashboardSections(['payouts'])).toEqual({ funding: true, payouts: true });
  });

  it('shows an organization with no product nothing to spend', () => {
    expect(dashboardSections([])).toEqual({ funding: false, payouts: false });
  });
});
