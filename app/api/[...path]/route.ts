// Serves any /api path without a route of its own: unversioned paths and the sunset /api/v1 are not served.
import { notFoundRoute } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoute();
