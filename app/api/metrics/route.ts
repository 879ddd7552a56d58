// Owns GET /api/metrics, the Prometheus scrape target (an internal route, outside the v2 API and its OpenAPI document,
// like the health probes): a signed-in provider staff member or `Authorization: Bearer $METRICS_TOKEN`; anyone else
// gets 401/403 in the payouts envelope and never a metric.

import { metricsAccess } from '@/lib/identity/server';
import { ApiError } from '@/lib/platform/errors/api-error';
import { areaOfPath } from '@/lib/platform/http/area';
import { errorResponse } from '@/lib/platform/http/render-error';
import { requestIdFrom } from '@/lib/platform/http/request-id';
import { route } from '@/lib/platform/http/route';
import { renderMetrics } from '@/lib/platform/metrics/render';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  const headers = new Headers({
    'X-Request-Id': requestIdFrom(request.headers),
    'Cache-Control': 'no-store',
  });
  const access = await metricsAccess(request);
  if (access !== 'granted') {
    const error =
      access === 'not_staff'
        ? new ApiError('forbidden', 'Metrics are for provider staff and the configured scraper')
        : new ApiError('unauthorized', 'Metrics need a staff session or the metrics bearer token');
    if (access !== 'not_staff') headers.set('WWW-Authenticate', 'Bearer realm="metrics"');
    return errorResponse(areaOfPath(new URL(request.url).pathname), error, headers);
  }
  const { contentType, body } = await renderMetrics();
  headers.set('Content-Type', contentType);
  return new Response(body, { status: 200, headers });
}

// The other methods answer 405 with Allow, and OPTIONS names GET, like every API route.
export const { POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET });
