// Owns GET /api/health: 200 with the database's latency and migration state, 503 when the database is unreachable.
import { checkHealth } from '@/lib/health/check-health';
import { requestIdFrom } from '@/lib/http/request-id';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const report = await checkHealth();
  return Response.json(report, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'Cache-Control': 'no-store', 'X-Request-Id': requestIdFrom(request.headers) },
  });
}
