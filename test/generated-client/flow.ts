// A payout flow as an integrator writes it against the types openapi-typescript generates from our document, with
// openapi-fetch and nothing else of ours but the copyable signer (lib/platform/client/sign.ts).
//
// test/api/generated-client.test.ts generates `./.generated/schema.d.ts` from the live document, typechecks this file
// under --strict, refuses any cast in it, and runs it against the route handlers. If the document were looser or
// stricter than the server, this file would need a cast to compile or would fail at run time.
import { randomUUID } from 'node:crypto';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { signRequest } from '../../lib/platform/client/sign';
import type { paths } from './.generated/schema';

export interface FlowCredentials {
  apiKey: string;
  privateKeyPem: string;
  sharedSecret: string;
}

export interface FlowClientOptions {
  baseUrl: string;
  credentials: FlowCredentials;
  fetch?: (request: Request) => Promise<Response>;
  /** Seconds since the epoch for the token's `nbf`/`iat`; the wall clock by default. */
  nowSeconds?: () => number;
}

/** Signs each request as sent: the uri is the target on the wire and the body its exact bytes. */
function signing(credentials: FlowCredentials, nowSeconds?: () => number): Middleware {
  return {
    async onRequest({ request }) {
      const target = new URL(request.url);
      const body = new Uint8Array(await request.clone().arrayBuffer());
      const headers = await signRequest({
        ...credentials,
        method: request.method,
        uri: `${target.pathname}${target.search}`,
        body: body.byteLength > 0 ? body : undefined,
        now: nowSeconds?.(),
      });
      request.headers.set('x-api-key', headers['x-api-key']);
      request.headers.set('authorization', headers.authorization);
      return request;
    },
  };
}

export function createPayoutClient(options: FlowClientOptions): Client<paths> {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  client.use(signing(options.credentials, options.nowSeconds));
  return client;
}

export class FlowStepFailed extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${step} answered ${status}: ${JSON.stringify(body)}`);
  }
}

export interface PayoutInput {
  senderProfileId: string;
  beneficiaryProfileId: string;
  beneficiaryAmount: string;
  beneficiaryCurrency: string;
  clientReference: string;
}

export interface PayoutOutcome {
  batchId: string;
  orderId: string;
  status: string;
  trackingReference: string | null;
  balanceAvailable: string;
  receipt: ArrayBuffer;
  receiptContentType: string | null;
}

/** How many sandbox steps an order may need from AWAITING_DEPOSIT to COMPLETED before the flow gives up. */
const MAX_SANDBOX_STEPS = 6;

/** Deposit → createBatch → confirm with the reviewed digest → sandbox steps to COMPLETED → receipt. */
export async function payOneBeneficiary(
  client: Client<paths>,
  deposit: string,
  payout: PayoutInput,
): Promise<PayoutOutcome> {
  const funded = await client.POST('/api/v2/sandbox/deposits', {
    params: { header: { 'Idempotency-Key': randomUUID() } },
    body: { amount: deposit, chain: 'tron' },
  });
  if (funded.error) throw new FlowStepFailed('createSandboxDeposit', funded.response.status, funded.error);

  const created = await client.POST('/api/v2/payouts', {
    body: {
      client_reference: payout.clientReference,
      orders: [
        {
          sender_profile_id: payout.senderProfileId,
          beneficiary_profile_id: payout.beneficiaryProfileId,
          beneficiary_amount: payout.beneficiaryAmount,
          beneficiary_currency: payout.beneficiaryCurrency,
          fee_type: 'OUR',
          purpose_code: 'GDSP',
          client_reference: `${payout.clientReference}-1`,
        },
      ],
    },
  });
  if (created.error) throw new FlowStepFailed('createBatch', created.response.status, created.error);
  const batchId = created.data.batch.id;

  const confirmed = await client.POST('/api/v2/payouts/{batchId}/confirm', {
    params: { path: { batchId } },
    body: { review_digest: created.data.batch.review_digest },
  });
  if (confirmed.error) throw new FlowStepFailed('confirmBatch', confirmed.response.status, confirmed.error);
  const [first] = confirmed.data.orders;
  if (!first) throw new FlowStepFailed('confirmBatch', confirmed.response.status, 'no orders in the batch');

  let order = first;
  for (let step = 0; step < MAX_SANDBOX_STEPS && order.status !== 'COMPLETED'; step += 1) {
    const advanced = await client.POST('/api/v2/sandbox/orders/{orderId}/advance', {
      params: { path: { orderId: order.id } },
    });
    if (advanced.error)
      throw new FlowStepFailed('advanceSandboxOrder', advanced.response.status, advanced.error);
    order = advanced.data;
  }

  const balance = await client.GET('/api/v2/funding/balance');
  if (balance.error) throw new FlowStepFailed('getFundingBalance', balance.response.status, balance.error);

  const receipt = await client.GET('/api/v2/orders/{orderId}/receipt', {
    params: { path: { orderId: order.id } },
    parseAs: 'arrayBuffer',
  });
  if (receipt.error) throw new FlowStepFailed('getOrderReceipt', receipt.response.status, receipt.error);

  return {
    batchId,
    orderId: order.id,
    status: order.status,
    trackingReference: order.tracking_reference,
    balanceAvailable: balance.data.available,
    receipt: receipt.data,
    receiptContentType: receipt.response.headers.get('content-type'),
  };
}
