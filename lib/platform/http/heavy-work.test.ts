// Unit tests of the heavy-work bounds: per organization and operation, exports in total, createBatch only when big.
import { describe, expect, it } from 'vitest';
import {
  createBatchOperation,
  exportOrdersOperation,
  getFundingStatementOperation,
  listOrdersOperation,
} from '@/lib/payouts/contract/operations';
import { isApiError } from '@/lib/platform/errors/api-error';
import { httpStatusOf } from './error-status';
import { heavyWorkRunning, takeHeavySlot } from './heavy-work';
import { refusalContext } from './refusals';
import { errorResponse } from './render-error';

const limits = { perOrganization: 2, exportsTotal: 8 };
const take = (operation: Parameters<typeof takeHeavySlot>[0], orgId: string, body?: unknown) =>
  takeHeavySlot(operation, orgId, body, limits, refusalContext(operation, 1024));

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isApiError(error))
      return {
        status: httpStatusOf(error.kind),
        code: error.code,
        retryAfter: errorResponse('payouts', error).headers.get('retry-after'),
        message: error.message,
      };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('heavy work', () => {
  it('allows N at once per organization and operation, then 429 with Retry-After; a release frees the place', () => {
    const a1 = take(exportOrdersOperation, 'org-a')!;
    const a2 = take(exportOrdersOperation, 'org-a')!;
    expect(refusal(() => take(exportOrdersOperation, 'org-a'))).toEqual({
      status: 429,
      code: 'too_many_concurrent_requests',
      retryAfter: '5',
      message: 'Too many order exports at once for this organization; retry in 5 seconds',
    });
    // Another operation of the same organization has its own bound.
    const statement = take(getFundingStatementOperation, 'org-a')!;
    // A double release gives back one place only.
    a1.release();
    a1.release();
    const a3 = take(exportOrdersOperation, 'org-a')!;
    expect(refusal(() => take(exportOrdersOperation, 'org-a')).status).toBe(429);
    for (const slot of [a2, a3, statement]) slot.release();
  });

  it('bounds exports over every organization too', () => {
    const slots = ['org-1', 'org-2', 'org-3', 'org-5', 'org-6', 'org-7', 'org-8', 'org-9'].map(
      (org) => take(exportOrdersOperation, org)!,
    );
    expect(refusal(() => take(getFundingStatementOperation, 'org-4'))).toMatchObject({
      status: 429,
      message: 'Too many exports are running on this server; retry shortly',
    });
    slots[0]!.release();
    take(getFundingStatementOperation, 'org-4')!.release();
    for (const slot of slots.slice(1)) slot.release();
  });

  it('keeps half the export places for organizations running none (#38 §4)', () => {
    const fair = { perOrganization: 2, exportsTotal: 8 };
    const takeFair = (operation: Parameters<typeof takeHeavySlot>[0], orgId: string) =>
      takeHeavySlot(operation, orgId, undefined, fair, refusalContext(operation, 1024));
    // Four organizations each start two exports as fast as they can: a second export is taken only while at most
    // half the places (4 of 8) are busy.
    const held: NonNullable<ReturnType<typeof takeFair>>[] = [];
    const outcomes: string[] = [];
    for (const org of ['org-1', 'org-2', 'org-3', 'org-4']) {
      for (let n = 0; n < 2; n += 1) {
        try {
          held.push(takeFair(exportOrdersOperation, org)!);
          outcomes.push(`${org}:ok`);
        } catch {
          outcomes.push(`${org}:429`);
        }
      }
    }
    expect(outcomes).toEqual([
      'org-1:ok',
      'org-1:ok',
      'org-2:ok',
      'org-2:ok',
      'org-3:ok',
      'org-3:429',
      'org-4:ok',
      'org-4:429',
    ]);
    expect(refusal(() => takeFair(getFundingStatementOperation, 'org-1'))).toMatchObject({
      status: 429,
      retryAfter: '5',
      message:
        'This organization already runs an export and the remaining places on this server are kept for others; retry when it ends',
    });
    // Two more organizations, each with its first export, still get one: the process is full only now.
    for (const org of ['org-5', 'org-6']) held.push(takeFair(exportOrdersOperation, org)!);
    expect(heavyWorkRunning().exports).toBe(8);
    expect(refusal(() => takeFair(exportOrdersOperation, 'org-7')).message).toBe(
      'Too many exports are running on this server; retry shortly',
    );
    for (const slot of held) slot.release();
    expect(heavyWorkRunning().exports).toBe(0);
    // Alone on the server, an organization takes several again.
    const again = [
      takeFair(exportOrdersOperation, 'org-3')!,
      takeFair(getFundingStatementOperation, 'org-3')!,
    ];
    for (const slot of again) slot.release();
  });

  it('createBatch is heavy only above 1,000 orders; light operations take no place', () => {
    const orders = (count: number) => ({ orders: Array.from({ length: count }, () => ({})) });
    const light = [0, 1, 2].map(() => take(createBatchOperation, 'org-b', orders(1_000)));
    expect(light).toEqual([null, null, null]);
    const heavy = [
      take(createBatchOperation, 'org-b', orders(1_001)),
      take(createBatchOperation, 'org-b', orders(5_000)),
    ];
    expect(refusal(() => take(createBatchOperation, 'org-b', orders(1_001))).status).toBe(429);
    for (const slot of heavy) slot!.release();
    expect(take(listOrdersOperation, 'org-b')).toBeNull();
  });
});
