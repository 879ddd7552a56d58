// Owns GET /api/health/ready, the readiness probe (no credentials): 200 `ready` when the database answers, its
// migrations are current and a worker's heartbeat is recent; 503 `not_ready` naming the failed checks otherwise. Both
// list `adapters`: each adapter's implementation and cached probe (ok / degraded with a reason / not_checked).
// `/api/health` stays the liveness probe (DESIGN "Operating").
import { checkReadiness } from '@/lib/platform/health/check-readiness';
import { requestIdFrom } from '@/lib/platform/http/request-id';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const report = await checkReadiness();
  return Response.json(report, {
    status: report.status === 'ready' ? 200 : 503,
    headers: { 'Cache-Control': 'no-store', 'X-Request-Id': requestIdFrom(request.headers) },
  });
}

// The other methods answer 405 with Allow, and OPTIONS names GET, like every API route.
export const { POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET });
