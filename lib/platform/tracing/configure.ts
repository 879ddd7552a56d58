// Owns the tracing switch: on only when OTEL_EXPORTER_OTLP_ENDPOINT is set; then the SDK is imported and started,
// otherwise nothing of OpenTelemetry is loaded.
import type { Tracing } from './start-tracing';

export async function startTracingIfConfigured(
  config: { OTEL_EXPORTER_OTLP_ENDPOINT?: string },
  load: () => Promise<typeof import('./start-tracing')> = () => import('./start-tracing'),
): Promise<Tracing | null> {
  const endpoint = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return null;
  const { startTracing } = await load();
  return startTracing({ endpoint, serviceVersion: process.env.npm_package_version });
}
