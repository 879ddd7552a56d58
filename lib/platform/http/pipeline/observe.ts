// Owns what every answered request leaves behind, refused or not: its duration in the request metrics, the end of its
// span, and the one `request` log line (who, what, status, how long).
import { log } from '@/lib/platform/log';
import { observeRequest } from '@/lib/platform/metrics/request-metrics';
import type { Operation } from '@/lib/platform/operations/operation';
import type { Exchange } from './exchange';

export function observe(exchange: Exchange, operation: Operation, status: number): void {
  const { actor } = exchange;
  const elapsedMs = performance.now() - exchange.started;
  observeRequest(operation.id, status, elapsedMs / 1000);
  exchange.span?.end(status);
  log('info', 'request', {
    request_id: exchange.requestId,
    method: exchange.request.method,
    path: exchange.url.pathname,
    operation: operation.id,
    status,
    duration_ms: Math.round(elapsedMs * 10) / 10,
    org_id: actor?.orgId,
    via: actor?.via,
    api_key_id: actor?.apiKeyId,
    user_id: actor?.userId,
    impersonation_id: actor?.impersonation?.sessionId,
  });
}
