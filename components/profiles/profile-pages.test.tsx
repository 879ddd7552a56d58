// @vitest-environment happy-dom
// A profile's pages as a finance user meets them, for either kind: what it is called, its Edit action only while it
// is not in review, Submit on a draft, the edit page locked during a review, and a failed load saying what failed.
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const state: { sender: unknown; beneficiary: unknown } = { sender: null, beneficiary: null };
const submit = vi.fn();
const loaded = (data: unknown) => ({ data, error: null, isPending: false, refetch: vi.fn() });
vi.mock('./queries', () => ({
  useSender: () => state.sender,
  useBeneficiary: () => state.beneficiary,
  useAllSenders: () => loaded({ items: [{ id: SENDER.id, legal_name: SENDER.legal_name }] }),
  useSenderFiles: () => loaded({ items: [] }),
  useSubmitProfile: () => ({ mutate: submit, isPending: false, error: null }),
  useInvalidateProfiles: () => async () => {},
}));
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), replace: vi.fn(), refresh: vi.fn() }),
}));

// The forms have their own tests: here they only stand where the page puts them.
vi.mock('./sender-form', () => ({ SenderForm: () => <form aria-label="Sender form" /> }));
vi.mock('./beneficiary-form', () => ({ BeneficiaryForm: () => <form aria-label="Beneficiary form" /> }));

const { SenderDetail } = await import('./sender-detail');
const { BeneficiaryDetail } = await import('./beneficiary-detail');
const { EditBeneficiary } = await import('./edit-beneficiary');
const { EditSender } = await import('./edit-sender');

const SENDER = {
  id: '0b6f1c1e-0000-4000-8000-000000000001',
  type: 'company',
  legal_name: 'Acme Trading Ltd',
  registration_number: '12345678',
  address_line1: '1 Poultry',
  city: 'London',
  postal_code: 'EC2R 8EJ',
  country: 'GB',
  status: 'draft',
  rejection_reason: null,
};
const BENEFICIARY = {
  id: '0b6f1c1e-0000-4000-8000-000000000002',
  sender_profile_id: SENDER.id,
  type: 'company',
  name: 'Lumière SARL',
  country: 'FR',
  bank_country: 'FR',
  currency: 'EUR',
  iban_last4: '0189',
  address_line1: '3 rue de la Paix',
  city: 'Paris',
  postal_code: '75002',
  status: 'ready',
  rejection_reason: null,
};

beforeEach(() => {
  state.sender = loaded(SENDER);
  state.beneficiary = loaded(BENEFICIARY);
});

describe('a profile page', () => {
  it('names the sender, shows its address on one line, and offers Edit and Submit while it is a draft', () => {
    render(<SenderDetail senderId={SENDER.id} />);
    expect(screen.getByRole('heading', { name: 'Acme Trading Ltd' })).toBeTruthy();
    expect(screen.getByText('Company sender')).toBeTruthy();
    expect(screen.getByText('1 Poultry, EC2R 8EJ London')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/senders/${SENDER.id}/edit`,
    );
    screen.getByRole('button', { name: 'Submit for review' }).click();
    expect(submit).toHaveBeenCalled();
  });

  it('names the beneficiary by its currency and bank country, with its sender linked', () => {
    render(<BeneficiaryDetail beneficiaryId={BENEFICIARY.id} />);
    expect(screen.getByRole('heading', { name: 'Lumière SARL' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/beneficiaries/${BENEFICIARY.id}/edit`,
    );
    expect(screen.getByRole('link', { name: 'Acme Trading Ltd' }).getAttribute('href')).toBe(
      `/senders/${SENDER.id}`,
    );
    expect(screen.getByText('3 rue de la Paix, 75002 Paris')).toBeTruthy();
  });

  it('offers no Edit while the profile is in review', () => {
    state.beneficiary = loaded({ ...BENEFICIARY, status: 'in_review' });
    render(<BeneficiaryDetail beneficiaryId={BENEFICIARY.id} />);
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('says which kind of profile failed to load', () => {
    state.sender = { data: undefined, error: new Error('Network down'), isPending: false, refetch: vi.fn() };
    render(<SenderDetail senderId={SENDER.id} />);
    expect(screen.getByText('Could not load this sender')).toBeTruthy();
  });
});

describe("a profile's edit page", () => {
  it('is locked while the profile is in review, with the way back to its page', () => {
    state.sender = loaded({ ...SENDER, status: 'in_review' });
    render(<EditSender senderId={SENDER.id} />);
    expect(screen.getByText(/cannot be changed until the review decides/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(`/senders/${SENDER.id}`);
    expect(screen.queryByRole('form', { name: 'Sender form' })).toBeNull();
  });

  it('warns that editing a ready profile sends it back to review', () => {
    render(<EditBeneficiary beneficiaryId={BENEFICIARY.id} />);
    expect(screen.getByRole('heading', { name: 'Edit Lumière SARL' })).toBeTruthy();
    expect(screen.getByText(/sends the beneficiary back to review/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Beneficiary form' })).toBeTruthy();
  });

  it('says which kind of profile failed to load', () => {
    state.beneficiary = {
      data: undefined,
      error: new Error('Network down'),
      isPending: false,
      refetch: vi.fn(),
    };
    render(<EditBeneficiary beneficiaryId={BENEFICIARY.id} />);
    expect(screen.getByText('Could not load this beneficiary')).toBeTruthy();
  });
});
