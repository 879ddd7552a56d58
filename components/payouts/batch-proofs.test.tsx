// @vitest-environment happy-dom
// The batch page reaches the proof of settlement that names the batch, and shows its on-chain transaction; a batch
// without one (or an organization that may not read proofs) shows nothing.
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const BATCH = '0b6f1c1e-0000-4000-8000-0000000000b0';
const PROOF = '0b6f1c1e-0000-4000-8000-0000000000f0';
const HASH = '0x8a3f5c0d9e1b2a4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c';
let answer: { data?: unknown[]; isError?: boolean } = {};

vi.mock('@/lib/platform/browser/queries', () => ({ useApiQuery: () => answer }));

const { BatchProofs } = await import('./batch-proofs');

describe('the proof of settlement on the batch page', () => {
  beforeEach(() => {
    answer = {};
  });

  it('links the proof and shows its transaction hash', () => {
    answer = {
      data: [
        {
          id: PROOF,
          route_id: '0b6f1c1e-0000-4000-8000-0000000000c0',
          file_name: 'settlement-2026-11-21.pdf',
          mime_type: 'application/pdf',
          url: `https://portal.example/api/v2/liquidity/utilization/proof-of-settlement/${PROOF}/content`,
          file_size: 1234,
          hash_sha256: 'ab'.repeat(32),
          recorded_at: '2026-11-21T09:00:00.000Z',
          batch_id: BATCH,
          transaction_hash: HASH,
          created_at: '2026-11-21T09:05:00.000Z',
          updated_at: '2026-11-21T09:05:00.000Z',
        },
      ],
    };
    render(<BatchProofs batchId={BATCH} />);
    const section = screen.getByRole('region', { name: 'Proof of settlement' });
    const link = screen.getByRole('link', { name: 'settlement-2026-11-21.pdf' });
    expect(link.getAttribute('href')).toBe(
      `/api/v2/liquidity/utilization/proof-of-settlement/${PROOF}/content`,
    );
    expect(screen.getByTestId('proof-transaction-hash').textContent).toBe(HASH);
    expect(section.textContent).toContain('Transaction');
  });

  it('shows nothing when no proof names the batch, or the proofs cannot be read', () => {
    answer = { data: [] };
    const { container, rerender } = render(<BatchProofs batchId={BATCH} />);
    expect(container.textContent).toBe('');
    answer = { isError: true };
    rerender(<BatchProofs batchId={BATCH} />);
    expect(container.textContent).toBe('');
  });
});
