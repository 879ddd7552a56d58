// Serves GET /api/v2/orders/{orderId}/receipt: the proof-of-payment PDF of a completed order.

import { handle } from '@/lib/app/handle';
import { getOrderReceiptOperation } from '@/lib/payouts/contract/operations';
import { orderReceipt } from '@/lib/payouts/server';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getOrderReceiptOperation, async ({ actor, db, params }) => {
    const receipt = await orderReceipt(db, actor.orgId, params.orderId);
    return { contentType: 'application/pdf', filename: receipt.fileName, body: receipt.bytes };
  }),
});
