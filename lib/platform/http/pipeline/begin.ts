// Owns what every request gets before anything can refuse it: its start time, its id (echoed in X-Request-Id on every
// answer), its area (which error envelope) and, when tracing is on, its span.
import type { Operation } from '@/lib/platform/operations/operation';
import { requestTracer } from '@/lib/platform/tracing/request-tracer';
import { areaOfPath } from '../area';
import { requestIdFrom } from '../request-id';
import type { Exchange } from './exchange';

export function beginExchange(operation: Operation, request: Request): Exchange {
  const started = performance.now();
  const url = new URL(request.url);
  const area = areaOfPath(url.pathname);
  const requestId = requestIdFrom(request.headers);
  const headers = new Headers({ 'X-Request-Id': requestId });
  // Empty unless OTEL_EXPORTER_OTLP_ENDPOINT started tracing (lib/platform/tracing): then one span per request.
  const span = requestTracer()?.start({
    operationId: operation.id,
    route: operation.path,
    method: request.method,
    requestId,
    headers: request.headers,
  });
  return {
    request,
    url,
    area,
    requestId,
    started,
    headers,
    span,
    actor: null,
    bodyRead: false,
    heavySlot: null,
    slotGoesWithStream: false,
  };
}
