// Unit tests of the error catalogue, both envelopes and zod issue paths.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, ERROR_KINDS, type ErrorKind } from '@/lib/platform/errors/api-error';
import { fieldErrorsFromZod, PARSE_OPTIONS } from '@/lib/platform/errors/field-errors';
import { areaOfPath } from './area';
import { ERROR_HTTP } from './error-status';
import { errorBody } from './render-error';

describe('areaOfPath', () => {
  it.each([
    ['/api/v2/liquidity/management/withdrawals', 'liquidity'],
    ['/api/v2/liquidity', 'liquidity'],
    ['/api/v2/liquidityx', 'payouts'],
    ['/api/v2/payouts', 'payouts'],
    ['/api/v1/liquidity/x', 'payouts'],
  ])('%s → %s', (path, area) => expect(areaOfPath(path)).toBe(area));
});

describe('error envelopes', () => {
  it('every catalogue kind renders with its status in both envelopes', () => {
    for (const kind of Object.keys(ERROR_KINDS) as ErrorKind[]) {
      const error = new ApiError(kind);
      const payouts = errorBody('payouts', error) as { statusCode: number };
      const liquidity = errorBody('liquidity', error) as { error: { type: string; code: string } };
      expect(payouts.statusCode).toBe(ERROR_HTTP[kind].status);
      expect(liquidity.error).toMatchObject({ type: ERROR_HTTP[kind].type, code: ERROR_KINDS[kind].code });
    }
  });

  it('a business rule names its field in both envelopes', () => {
    const error = ApiError.businessRule('funding balance is short', {
      code: 'insufficient_balance',
      param: 'amount',
    });
    expect(errorBody('payouts', error)).toEqual({
      statusCode: 400,
      code: 'insufficient_balance',
      message: 'funding balance is short',
      errors: [{ field: 'amount', code: 'insufficient_balance', message: 'funding balance is short' }],
    });
    expect(errorBody('liquidity', error)).toEqual({
      error: {
        type: 'validation_error',
        code: 'insufficient_balance',
        message: 'funding balance is short',
        param: 'amount',
      },
    });
  });
});

describe('fieldErrorsFromZod', () => {
  const schema = z
    .object({
      orders: z.array(
        z.object({ beneficiary_amount: z.string().regex(/^\d+$/, 'must be a decimal string') }).strict(),
      ),
      fee_type: z.enum(['OUR', 'SHA']),
    })
    .strict();

  it('starts each message with the full field path, array indexes included', () => {
    const result = schema.safeParse(
      {
        orders: [{ beneficiary_amount: '1' }, { beneficiary_amount: 'x', extra: 1 }],
      },
      PARSE_OPTIONS,
    );
    expect(result.success).toBe(false);
    const errors = fieldErrorsFromZod(result.error!);
    expect(errors).toEqual([
      {
        field: 'orders.1.beneficiary_amount',
        code: 'invalid_format',
        message: 'orders.1.beneficiary_amount: must be a decimal string',
      },
      {
        field: 'orders.1.extra',
        code: 'unknown_field',
        message: 'orders.1.extra: is not a recognised field',
      },
      { field: 'fee_type', code: 'required', message: 'fee_type: is required' },
    ]);
  });

  it('tells a missing field from one of the wrong type or value', () => {
    const result = schema.safeParse({ orders: 'many', fee_type: 'BEN' }, PARSE_OPTIONS);
    expect(fieldErrorsFromZod(result.error!).map((e) => e.message)).toEqual([
      'orders: must be an array',
      'fee_type: must be one of OUR, SHA',
    ]);
    const missing = schema.safeParse({}, PARSE_OPTIONS);
    expect(fieldErrorsFromZod(missing.error!).map((e) => e.message)).toEqual([
      'orders: is required',
      'fee_type: is required',
    ]);
  });
});
