// @vitest-environment happy-dom
// Settings → Access log's staff reads as an admin reads them: what support looked at, in words — not HTTP methods,
// operation ids or API paths.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const VIEW = '0b6f1c1e-0000-4000-8000-00000000a001';
const SENDER = '7c1d2e3f-0000-4000-8000-000000000001';
const BENEFICIARY = '9a8b7c6d-0000-4000-8000-000000000002';
const read = (operation: string, resource: string, method = 'GET', viewId: string | null = null) => ({
  id: `${operation}-${resource}`,
  created_at: '2026-11-20T10:00:00.000Z',
  staff_name: 'Sam Patel',
  staff_email: 'support@provider.example',
  operation,
  method,
  resource,
  view_id: viewId,
});
const READS = [
  read('listBeneficiaries', '/api/v2/beneficiaries', 'GET', VIEW),
  read('getBeneficiary', `/api/v2/beneficiaries/${BENEFICIARY}`, 'GET', VIEW),
  read('getFundingBalance', '/api/v2/funding/balance', 'GET', VIEW),
  read('getReviewProfile', `sender/${SENDER}`),
  read('listReviewQueue', 'review-queue'),
  read('createApiKey', '/api/v2/api-keys', 'POST', VIEW),
];

vi.mock('@/lib/platform/browser/queries', () => ({
  useApiQuery: () => ({
    isPending: false,
    isError: false,
    data: { items: READS, meta: { total: READS.length, limit: 25, page: 1 } },
  }),
}));

const { StaffReads } = await import('./staff-reads');

describe('staff reads in the access log', () => {
  it('say what support looked at in words, with the record it concerned', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StaffReads />
      </QueryClientProvider>,
    );
    const rows = screen.getAllByTestId('staff-read-row').map((row) => row.textContent ?? '');
    expect(rows[0]).toContain('Viewed the beneficiaries list');
    expect(rows[1]).toContain('Viewed the beneficiary');
    expect(rows[1]).toContain('beneficiaries 9a8b7c6d');
    expect(rows[2]).toContain('Viewed the funding balance');
    expect(rows[3]).toContain('Opened a profile in the support review console');
    expect(rows[3]).toContain('Sender 7c1d2e3f');
    expect(rows[3]).toContain('Console (no view)');
    expect(rows[4]).toContain('Listed your profiles in the support review queue');
    expect(rows[5]).toContain('Tried to create API key (refused: read-only view)');
    for (const row of rows) {
      expect(row).not.toMatch(/listBeneficiaries|getReviewProfile|\/api\/v2|\bGET\b/);
    }
  });
});
