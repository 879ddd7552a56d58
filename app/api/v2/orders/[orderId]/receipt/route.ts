// Serves GET /api/v2/orders/{orderId}/receipt: the proof-of-payment PDF of a completed order.
import { getOrderReceiptOperation } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { orderReceipt } from '@/lib/payouts/receipt';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getOrderReceiptOperation, async ({ actor, db, params }) => {
    const receipt = await orderReceipt(db, actor.orgId, params.orderId);
    return { contentType: 'application/pdf', filename: receipt.fileName, body: receipt.bytes };
  }),
});
