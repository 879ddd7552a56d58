// Recorded activity in words: operation ids, resources, review events and products as a person reads them.
import { describe, expect, it } from 'vitest';
import { productName, reviewEventWords, staffReadRecord, staffReadWords } from './activity';

describe('activity in words', () => {
  it('names staff reads and their records without API identifiers', () => {
    expect(staffReadWords('listBeneficiaries')).toBe('Viewed the beneficiaries list');
    expect(staffReadWords('getFundingBalance')).toBe('Viewed the funding balance');
    expect(staffReadWords('createApiKey', 'POST')).toBe('Tried to create API key (refused: read-only view)');
    expect(staffReadRecord('/api/v2/funding/balance')).toBe('—');
    expect(staffReadRecord('/api/v2/senders/7c1d2e3f-0000-4000-8000-000000000001/files')).toBe(
      'senders 7c1d2e3f',
    );
    expect(staffReadRecord('file/7c1d2e3f-0000-4000-8000-000000000001')).toBe('Document 7c1d2e3f');
    expect(staffReadRecord('review-queue')).toBe('Review queue');
  });

  it('names review events with who did them, and products by name', () => {
    expect(reviewEventWords('sender.submitted', 'system')).toBe('Sender submitted for review (automatic)');
    expect(reviewEventWords('beneficiary.rejected', 'staff')).toBe('Beneficiary rejected (by staff)');
    expect(reviewEventWords('sender.action_required', 'staff')).toBe(
      'Sender needs more information (by staff)',
    );
    expect(reviewEventWords('support_review.corrected', 'staff')).toBe('Details corrected (by staff)');
    expect(reviewEventWords('support_review.cleared', 'staff')).toBe('Screening hit cleared (by staff)');
    expect(productName('liquidity_management')).toBe('Liquidity management');
    expect(productName('payouts')).toBe('Payouts');
  });
});
