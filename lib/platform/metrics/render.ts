// Owns the text GET /api/metrics answers: the request metrics, then the registry after its gauges were refreshed.

import { metrics } from './counters';
import { collectDatabaseGauges } from './database-gauges';
import { renderRequestMetrics } from './request-metrics';

export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  await collectDatabaseGauges();
  const { registry } = metrics();
  return { contentType: registry.contentType, body: renderRequestMetrics() + (await registry.metrics()) };
}
