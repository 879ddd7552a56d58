// Tests that a refused createBatch lands on the right order and field in the builder.
import { describe, expect, it } from 'vitest';
import { orderFieldErrors, ratesUnavailableText } from './server-errors';

describe('orderFieldErrors', () => {
  it('reads errors[] with order paths', () => {
    expect(
      orderFieldErrors(
        [
          { field: 'orders.2.beneficiary_profile_id', message: 'beneficiary is not ready' },
          { field: 'orders.0', message: 'orders.0: amount outside the corridor limits' },
          { field: 'client_reference', message: 'client_reference: too long' },
        ],
        'ignored',
      ),
    ).toEqual([
      { order: 2, field: 'beneficiary_profile_id', message: 'beneficiary is not ready' },
      { order: 0, field: null, message: 'amount outside the corridor limits' },
      { order: null, field: 'client_reference', message: 'too long' },
    ]);
  });

  it('falls back to the 422 message strings', () => {
    expect(orderFieldErrors([], 'orders.1.beneficiary_amount: must have at most 2 decimals for EUR')).toEqual(
      [{ order: 1, field: 'beneficiary_amount', message: 'must have at most 2 decimals for EUR' }],
    );
  });
});

describe('ratesUnavailableText', () => {
  it('says the wait in minutes from Retry-After, and nothing for other refusals', () => {
    const refusal = (code: string, retryAfter?: string) => ({
      code,
      headers: new Headers(retryAfter ? { 'retry-after': retryAfter } : {}),
    });
    expect(ratesUnavailableText(refusal('rates_unavailable', '300'))).toBe(
      'Rates are unavailable right now; try again in 5 minutes.',
    );
    expect(ratesUnavailableText(refusal('rates_unavailable', '60'))).toBe(
      'Rates are unavailable right now; try again in 1 minute.',
    );
    expect(ratesUnavailableText(refusal('rates_unavailable', '61'))).toBe(
      'Rates are unavailable right now; try again in 2 minutes.',
    );
    expect(ratesUnavailableText(refusal('orders_invalid', '60'))).toBeNull();
  });
});
