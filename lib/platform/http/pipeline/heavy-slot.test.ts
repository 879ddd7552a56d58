// Unit tests of the pipeline's side of the heavy-work bounds: an organization's heavy request takes a place, given back
// once answered unless a stream took it along.
import { describe, expect, it } from 'vitest';
import type { Principal } from '@/lib/platform/actor/actor';
import { isApiError } from '@/lib/platform/errors/api-error';
import { httpStatusOf } from '../error-status';
import { heavyWorkRunning } from '../heavy-work';
import { releaseHeavyPlace, takeHeavyPlace } from './heavy-slot';
import { testExchange, testOperation } from './test-exchange';

const heavy = testOperation({
  id: 'testHeavyExport',
  path: '/api/v2/test/export',
  heavy: { name: 'test exports' },
});
const config = { HEAVY_CONCURRENCY_PER_ORG: 1, EXPORT_CONCURRENCY_TOTAL: 8 };
const limit = { maxBodyBytes: 1024 };
const actor: Principal = { via: 'api_key', orgId: 'org-heavy', role: 'member', entitlements: [] };
const exchangeOf = (who: Principal | null) =>
  testExchange(heavy, { actor: who, target: '/api/v2/test/export' });
const running = () => heavyWorkRunning().byKey['testHeavyExport:org-heavy'] ?? 0;

describe('takeHeavyPlace / releaseHeavyPlace', () => {
  it("takes the organization's place (429 when it has none left) and gives it back once answered", () => {
    const first = exchangeOf(actor);
    takeHeavyPlace(first, heavy, undefined, config, limit);
    expect(running()).toBe(1);
    let error: unknown;
    try {
      takeHeavyPlace(exchangeOf(actor), heavy, undefined, config, limit);
    } catch (thrown) {
      error = thrown;
    }
    expect(isApiError(error) && httpStatusOf(error.kind)).toBe(429);
    releaseHeavyPlace(first);
    expect(running()).toBe(0);
  });

  it('a stream keeps its place after the answer; a request without an organization takes none', () => {
    const streaming = exchangeOf(actor);
    takeHeavyPlace(streaming, heavy, undefined, config, limit);
    streaming.slotGoesWithStream = true;
    releaseHeavyPlace(streaming);
    expect(running()).toBe(1);
    streaming.heavySlot?.release();
    expect(running()).toBe(0);
    const anonymous = exchangeOf(null);
    takeHeavyPlace(anonymous, heavy, undefined, config, limit);
    expect(anonymous.heavySlot).toBeNull();
  });
});
