// The portal's typed fetch: path, query and body from the declaration (or its schema-free browser route), both
// error envelopes as one error type.
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createSandboxDepositOperation,
  getFundingBalanceOperation,
  listFundingTransactionsOperation,
} from '@/lib/funding/contract/routes';
import { switchActiveOrganizationOperation } from '@/lib/identity/contract/routes';
import { getProofContentOperation } from '@/lib/liquidity/contract/routes';
import { defineOperation } from '@/lib/platform/operations/operation';
import { idSchema } from '@/lib/platform/schemas/common';
import { apiFetch, PayoutApiError } from './api';

const getOrder = defineOperation({
  id: 'getOrder',
  method: 'GET',
  path: '/api/v2/liquidity/orders/{orderId}',
  summary: 'probe',
  tags: ['Test'],
  params: z.object({ orderId: idSchema }),
  response: { status: 200, description: 'ok', schema: z.object({ id: idSchema }) },
});

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'x-request-id': 'req-1' } });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('derives the path, query and response type from the declaration', async () => {
    const calls = fakeFetch(200, { items: [], meta: { limit: 10, page: 2, total: 0 } });
    const page = await apiFetch(listFundingTransactionsOperation, {
      query: { limit: '10', page: '2', type: 'deposit,batch_hold', created_from: undefined },
    });
    expectTypeOf(page.meta.total).toEqualTypeOf<number>();
    expect(calls[0]?.url).toBe('/api/v2/funding/transactions?limit=10&page=2&type=deposit%2Cbatch_hold');
    expect(calls[0]?.init).toMatchObject({ method: 'GET', credentials: 'same-origin' });

    const byId = fakeFetch(200, { id: '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e' });
    const order = await apiFetch(getOrder, { params: { orderId: 'a/b' } });
    expectTypeOf(order).toEqualTypeOf<{ id: string }>();
    expect(byId[0]?.url).toBe('/api/v2/liquidity/orders/a%2Fb');

    const balance = fakeFetch(200, { currency: 'USDT', available: '1.00', held: '0.00', total: '1.00' });
    expectTypeOf(await apiFetch(getFundingBalanceOperation)).toHaveProperty('available');
    expect(balance[0]?.url).toBe('/api/v2/funding/balance');
  });

  it('sends a JSON body with its method, and an Idempotency-Key only on POST', async () => {
    const calls = fakeFetch(200, { org_id: 'x', role: 'admin' });
    await apiFetch(switchActiveOrganizationOperation, {
      body: { org_id: '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e' },
    });
    expect(calls[0]?.init.method).toBe('PUT');
    expect(calls[0]?.init.body).toBe('{"org_id":"01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e"}');
    expect(calls[0]?.init.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
    });
    // @ts-expect-error the body is required and typed by the declaration
    await apiFetch(switchActiveOrganizationOperation, { body: { organization: 'x' } }).catch(() => {});
  });

  it('sends an Idempotency-Key on an org POST and reads a file answer as a Blob, from the route alone', async () => {
    const calls = fakeFetch(201, { id: 'x' });
    await apiFetch(createSandboxDepositOperation, { body: { amount: '10' }, idempotencyKey: 'key-1' });
    expect(calls[0]?.init.headers).toMatchObject({ 'idempotency-key': 'key-1' });

    fakeFetch(200, 'pdf bytes');
    const file = await apiFetch(getProofContentOperation, {
      params: { proofId: '01936f4e-8f2a-7c3b-9d4e-5f6a7b8c9d0e' },
    });
    expectTypeOf(file).toEqualTypeOf<Blob>();
    expect(file).toBeInstanceOf(Blob);
  });

  it('parses both envelopes into one PayoutApiError with status, code and field errors', async () => {
    fakeFetch(422, {
      statusCode: 422,
      code: 'invalid_parameter',
      message: ['org_id: is required'],
      errors: [{ field: 'org_id', code: 'required', message: 'org_id: is required' }],
    });
    const payouts = await apiFetch(switchActiveOrganizationOperation, { body: { org_id: '' } }).catch(
      (e) => e,
    );
    expect(payouts).toBeInstanceOf(PayoutApiError);
    expect(payouts).toMatchObject({ status: 422, code: 'invalid_parameter', requestId: 'req-1' });
    expect(payouts.fieldErrors).toEqual([
      { field: 'org_id', code: 'required', message: 'org_id: is required' },
    ]);

    fakeFetch(404, {
      error: { type: 'validation_error', code: 'resource_not_found', message: 'Order not found' },
    });
    const liquidity = await apiFetch(getOrder, { params: { orderId: 'x' } }).catch((e) => e);
    expect(liquidity).toBeInstanceOf(PayoutApiError);
    expect(liquidity).toMatchObject({ status: 404, code: 'resource_not_found', message: 'Order not found' });
  });
});
