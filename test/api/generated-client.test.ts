// What an integrator's generated client meets (#32): types generated from our OpenAPI document by openapi-typescript
// compile the whole flow under --strict with no cast, and the flow written against them runs to a receipt.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '@/lib/platform/clock';
import { resetEnvCache } from '@/lib/platform/env';
import { dec } from '@/lib/platform/money';
import { routeFetch, TEST_BASE_URL } from '../api';
import { useTestDatabase } from '../db';
import { createPayoutClient, payOneBeneficiary } from '../generated-client/flow';
import { writeClientTypes } from '../generated-client/generate';
import { castsIn, typeErrors } from '../generated-client/typecheck';
import { createPayoutOrg } from '../payouts-fixtures';

await useTestDatabase();
// The flow steps orders itself; automatic sandbox steps would race it.
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

const FLOW = path.join(import.meta.dirname, '..', 'generated-client', 'flow.ts');

/** openapi-fetch hands over a Request; the route handlers take a URL and init, as Next's server would. */
async function toRoutes(request: Request): Promise<Response> {
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return routeFetch(request.url, { method: request.method, headers: request.headers, body });
}

describe('a client generated from the document with openapi-typescript', () => {
  beforeAll(async () => {
    await writeClientTypes();
  });

  it('compiles the flow under --strict', () => {
    expect(typeErrors(FLOW)).toEqual([]);
  }, 60_000);

  it('needs no cast, non-null assertion, any or @ts- directive for it', async () => {
    expect(castsIn(FLOW, await readFile(FLOW, 'utf8'))).toEqual([]);
  });

  it('runs deposit → createBatch → confirm with the digest → COMPLETED → receipt against the server', async () => {
    const org = await createPayoutOrg();
    const client = createPayoutClient({
      baseUrl: TEST_BASE_URL,
      credentials: org.credentials,
      fetch: toRoutes,
      nowSeconds: () => Math.floor(now().getTime() / 1000),
    });

    const outcome = await payOneBeneficiary(client, '2500.00', {
      senderProfileId: org.senderId,
      beneficiaryProfileId: org.beneficiaries.EUR,
      beneficiaryAmount: '1000.00',
      beneficiaryCurrency: 'EUR',
      clientReference: 'GEN-CLIENT-1',
    });

    expect(outcome.status).toBe('COMPLETED');
    expect(outcome.trackingReference).toBeTruthy();
    expect(outcome.receiptContentType).toBe('application/pdf');
    expect(new TextDecoder().decode(outcome.receipt.slice(0, 5))).toBe('%PDF-');
    const spent = dec('2500.00').minus(dec(outcome.balanceAvailable));
    // 1,000 EUR at the test rate of 0.92 EUR per USDT plus fee: more than 1,000 USDT, well under the deposit.
    expect(spent.gt(1000)).toBe(true);
    expect(spent.lt(1200)).toBe(true);
  });
});
