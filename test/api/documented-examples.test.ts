// The error examples of the document are what the server sends (issue #38 §7): for a representative set of refusals
// — a malformed path id, a state conflict, the sandbox's explained 401, confirm's changed fields, an order whose
// beneficiary is not ready — the answer through
// the real route handlers equals the example an integrator reads, ids aside.
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';
import { resetEnvCache } from '@/lib/platform/env';
import { reviewProfile } from '@/lib/profiles/server/review';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { createPayoutOrg, orderItem, type PayoutOrg, setProfileStatus } from '../payouts-fixtures';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

type Json = Record<string, unknown>;
const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Json;

/** The example an operation documents under a status, following a shared response's reference. */
function documentedExample(method: string, path: string, status: number, key: string): unknown {
  const operation = ((document.paths as Json)[path] as Json)[method.toLowerCase()] as Json;
  let response = (operation.responses as Json)[String(status)] as Json;
  if (typeof response.$ref === 'string') {
    const name = response.$ref.replace('#/components/responses/', '');
    response = ((document.components as Json).responses as Json)[name] as Json;
  }
  const examples = ((response.content as Json)['application/json'] as Json).examples as Json;
  const example = examples[key] as Json | undefined;
  if (!example) throw new Error(`${method} ${path} documents no ${status} example \`${key}\``);
  return example.value;
}

async function send(client: PayoutOrg['client'], method: string, path: string, body?: unknown) {
  const response = await client.send(method, path, body === undefined ? {} : { body });
  return { status: response.status, body: (await response.json()) as Json };
}

describe('the documented error examples are what the server sends', () => {
  it('a malformed path id: 404, in the path’s envelope, as documented', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const sender = await send(client, 'GET', '/api/v2/senders/not-a-uuid');
    expect(sender.status).toBe(404);
    expect(sender.body).toEqual(
      documentedExample('GET', '/api/v2/senders/{senderId}', 404, 'no_such_resource'),
    );
    const submit = await send(client, 'POST', '/api/v2/senders/not-a-uuid/submit');
    expect(submit.status).toBe(404);
    expect(submit.body).toEqual(
      documentedExample('POST', '/api/v2/senders/{senderId}/submit', 404, 'no_such_resource'),
    );
    // The operation documents no 422 example built from its path parameter.
    expect(JSON.stringify(document.paths)).not.toMatch(/"(senderId|batchId|orderId): Invalid UUID"/);
  });

  it('a state conflict: confirming a confirmed batch', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const created = await send(org.client, 'POST', '/api/v2/payouts', {
      orders: [orderItem(org, '1000.00')],
    });
    const batchId = (created.body.batch as Json).id as string;
    expect((await send(org.client, 'POST', `/api/v2/payouts/${batchId}/confirm`)).status).toBe(200);
    const again = await send(org.client, 'POST', `/api/v2/payouts/${batchId}/confirm`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(
      documentedExample('POST', '/api/v2/payouts/{batchId}/confirm', 409, 'batch_not_awaiting_confirmation'),
    );
  });

  it('a refused token in the sandbox names the check that failed, in both envelopes', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    const overBody = { signOverrides: { body: '{"legal_name":"Someone Else"}' } };
    const payouts = await client.send('POST', '/api/v2/senders', { body: {}, ...overBody });
    expect(payouts.status).toBe(401);
    expect(await payouts.json()).toEqual(
      documentedExample('POST', '/api/v2/senders', 401, 'unauthorized_sandbox'),
    );
    const liquidity = await client.send('POST', '/api/v2/liquidity/management/withdrawals', {
      body: {},
      ...overBody,
    });
    expect(liquidity.status).toBe(401);
    expect(await liquidity.json()).toEqual(
      documentedExample('POST', '/api/v2/liquidity/management/withdrawals', 401, 'unauthorized_sandbox'),
    );
  });

  it('an order whose beneficiary is in review: createBatch and confirm name it with profile_not_ready', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const created = await send(org.client, 'POST', '/api/v2/payouts', {
      orders: [orderItem(org, '1000.00')],
    });
    const batchId = (created.body.batch as Json).id as string;
    await setProfileStatus('beneficiary', org.beneficiaries.EUR, 'in_review');
    const create = await send(org.client, 'POST', '/api/v2/payouts', { orders: [orderItem(org, '1000.00')] });
    expect(create.status).toBe(400);
    expect(create.body).toEqual(documentedExample('POST', '/api/v2/payouts', 400, 'orders_invalid'));
    const confirm = await send(org.client, 'POST', `/api/v2/payouts/${batchId}/confirm`);
    expect(confirm.status).toBe(400);
    expect(confirm.body).toEqual(
      documentedExample('POST', '/api/v2/payouts/{batchId}/confirm', 400, 'orders_invalid'),
    );
  });

  it('confirm with a digest the batch no longer has names each changed field', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const beneficiary = `/api/v2/beneficiaries/${org.beneficiaries.EUR}`;
    // The fixture beneficiary lacks the address an edit requires.
    const address = { address_line1: 'Friedrichstraße 100', city: 'Berlin', postal_code: '10117' };
    expect((await send(org.client, 'PATCH', beneficiary, address)).status).toBe(200);
    await reviewProfile(db(), 'beneficiary', org.beneficiaries.EUR);
    const created = await send(org.client, 'POST', '/api/v2/payouts', {
      orders: [orderItem(org, '1000.00')],
    });
    const batch = created.body.batch as Json;

    expect((await send(org.client, 'PATCH', beneficiary, { iban: 'DE75512108001245126199' })).status).toBe(
      200,
    );
    await reviewProfile(db(), 'beneficiary', org.beneficiaries.EUR);
    const refused = await send(org.client, 'POST', `/api/v2/payouts/${batch.id}/confirm`, {
      review_digest: batch.review_digest,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(
      documentedExample('POST', '/api/v2/payouts/{batchId}/confirm', 409, 'review_outdated'),
    );
    expect(refused.body.errors).toEqual([expect.objectContaining({ code: 'changed' })]);
  });
});
