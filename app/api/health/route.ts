// Owns GET /api/health: anonymous callers learn only whether the service is up (200 `ok` / 503 `unavailable`);
// signed-in provider staff also get the database's latency, the migration state, the environment and the version.
import { staffRoleOfRequest } from '@/lib/identity/server';
import { checkHealth } from '@/lib/platform/health/check-health';
import { requestIdFrom } from '@/lib/platform/http/request-id';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const report = await checkHealth();
  // Without a database no session can be checked, and the unavailable report holds no details anyway.
  const staff = report.status === 'ok' && (await staffRoleOfRequest(request).catch(() => null)) !== null;
  return Response.json(staff ? report : { status: report.status }, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'Cache-Control': 'no-store', 'X-Request-Id': requestIdFrom(request.headers) },
  });
}

// The other methods answer 405 with Allow, and OPTIONS names GET, like every API route.
export const { POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET });
