// @vitest-environment happy-dom
// A reviewer's decision as the reviewer meets it: approving asks why the screening hit is cleared, as rejecting asks
// for the client's reason; neither is sent without one. The history reads in words.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { decideReviewOperation } from '@/lib/support/contract/routes';

const PROFILE_ID = '0b6f1c1e-0000-4000-8000-00000000f001';
const PROFILE = {
  kind: 'sender',
  id: PROFILE_ID,
  org_id: '0b6f1c1e-0000-4000-8000-0000000000aa',
  org_name: 'Acme Trading Ltd',
  name: 'Anna REVIEW Schmidt',
  status: 'in_review',
  rejection_reason: null,
  submitted_at: '2026-11-20T10:00:00.000Z',
  reviewed_at: null,
  review_source: null,
  screening_note: 'Sandbox screening: possible match',
  fields: [{ name: 'Legal name', value: 'Anna REVIEW Schmidt' }],
  details_masked: false,
  requested_information: null,
  details: { legal_name: 'Anna REVIEW Schmidt' },
  requestable_fields: ['legal_name', 'documents'],
  corrected_by: [],
  sender: null,
  files: [],
  history: [
    { type: 'sender.submitted', actor_type: 'system', at: '2026-11-20T10:00:00.000Z', note: null },
    {
      type: 'sender.referred',
      actor_type: 'system',
      at: '2026-11-20T10:00:03.000Z',
      note: 'Sandbox screening: possible match',
    },
  ],
};

vi.mock('@/lib/platform/browser/queries', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/queries')>()),
  useApiQuery: () => ({ isPending: false, isError: false, data: PROFILE }),
}));
const apiFetch = vi.fn();
vi.mock('@/lib/platform/browser/api', async (original) => ({
  ...(await original<typeof import('@/lib/platform/browser/api')>()),
  apiFetch: (...args: unknown[]) => apiFetch(...args),
}));

const { ReviewProfile } = await import('./review-profile');

function renderProfile() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <ReviewProfile kind="sender" profileId={PROFILE_ID} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the review history', () => {
  it('reads in words, not event codes', () => {
    renderProfile();
    const history = screen.getByRole('list', { name: 'Review history' });
    expect(history.textContent).toContain('Sender submitted for review (automatic)');
    expect(history.textContent).toContain('Sender referred to staff by screening (automatic)');
    expect(history.textContent).not.toMatch(/sender\.submitted|\(system\)/);
  });
});

describe('the review decision', () => {
  beforeEach(() => {
    apiFetch.mockReset();
  });

  it('approving asks why the hit is cleared and sends nothing without it', async () => {
    apiFetch.mockResolvedValue({ ...PROFILE, status: 'ready' });
    const user = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Anna REVIEW Schmidt' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve profile' }));
    expect(
      await within(dialog).findByText('Say why the screening hit is cleared (at least 3 characters)'),
    ).toBeTruthy();
    expect(apiFetch).not.toHaveBeenCalled();

    const rationale = 'Different person: date of birth differs from the listed one';
    await user.type(within(dialog).getByLabelText('Why the hit is cleared'), rationale);
    await user.click(within(dialog).getByRole('button', { name: 'Approve profile' }));
    await waitFor(
      () =>
        expect(apiFetch).toHaveBeenCalledWith(decideReviewOperation, {
          params: { kind: 'sender', profileId: PROFILE_ID },
          body: { decision: 'approve', reason: rationale },
        }),
      { timeout: 10_000 },
    );
  });

  it('rejecting still asks for the reason the client reads', async () => {
    const user = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Anna REVIEW Schmidt' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject profile' }));
    expect(await within(dialog).findByText(/Tell the client what to correct/)).toBeTruthy();
    expect(apiFetch).not.toHaveBeenCalled();
  });
});
