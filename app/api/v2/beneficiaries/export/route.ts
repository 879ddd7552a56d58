// Serves GET /api/v2/beneficiaries/export: the organization's beneficiaries as CSV, streamed.
import { db } from '@/db/client';
import { handle } from '@/lib/app/handle';
import { csvStream } from '@/lib/platform/csv';
import { route } from '@/lib/platform/http/route';
import { exportBeneficiariesOperation } from '@/lib/profiles/contract/operations';
import { exportBeneficiariesCsv } from '@/lib/profiles/server';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(exportBeneficiariesOperation, async ({ actor, query }) => ({
    contentType: 'text/csv; charset=utf-8',
    filename: 'beneficiaries.csv',
    body: csvStream(
      exportBeneficiariesCsv(db(), actor.orgId, {
        status: query.status,
        senderProfileId: query.sender_profile_id,
        currency: query.currency,
        clientReference: query.client_reference,
        q: query.q,
      }),
    ),
  })),
});
