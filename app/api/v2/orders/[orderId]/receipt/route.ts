import { getOrderReceipt } from '@/lib/api/operations/payouts';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { orderReceipt } from '@/lib/payouts/receipt';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: handle(getOrderReceipt, async ({ actor, db, params }) => {
    const receipt = await orderReceipt(db, actor.orgId, params.orderId);
    return new Response(Buffer.from(receipt.bytes), {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${receipt.fileName}"`,
        'repr-digest': receipt.digest,
        'cache-control': 'no-store',
      },
    });
  }),
});
