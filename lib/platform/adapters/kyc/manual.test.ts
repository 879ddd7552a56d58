// The manual KYC implementation decides nothing: every party is referred to staff with a note saying no screening ran.
import { describe, expect, it } from 'vitest';
import { MANUAL_SCREENING_NOTE, manualKyc } from './manual';

describe('manual KYC', () => {
  it.each([
    { kind: 'sender' as const, names: ['Acme REJECT Ltd'] },
    { kind: 'beneficiary' as const, names: ['Rhein Logistik GmbH'] },
  ])('leaves $kind $names in review for a person', async (subject) => {
    expect(await manualKyc.review(subject)).toEqual({
      outcome: 'in_review',
      rejectionReason: null,
      screeningNote: MANUAL_SCREENING_NOTE,
    });
  });
  it('says no automated screening ran', () => {
    expect(MANUAL_SCREENING_NOTE).toMatch(/No automated screening ran/);
  });
});
