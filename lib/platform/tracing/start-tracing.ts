// Owns OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set: one SERVER span per API request, exported over
// OTLP/HTTP (JSON) in batches. Imported only then (instrumentation.ts), so the SDK costs nothing when tracing is off.
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { type RequestTracer, setRequestTracer } from './request-tracer';

export interface Tracing {
  /** Sends the spans still buffered. */
  flush(): Promise<void>;
  /** Flushes, stops exporting and empties the tracer slot. */
  shutdown(): Promise<void>;
}

/** The collector's trace URL: `<endpoint>/v1/traces`, as the OTLP exporter specification builds it from the base. */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

export function startTracing(options: { endpoint: string; serviceVersion?: string }): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME ?? 'payout-portal',
      ...(options.serviceVersion ? { 'service.version': options.serviceVersion } : {}),
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(options.endpoint) }))],
  });
  // Global provider, AsyncLocalStorage context and W3C trace-context propagation (a caller's traceparent is the parent).
  provider.register();
  const tracer = trace.getTracer('payout-portal');

  const requestTracer: RequestTracer = {
    start({ operationId, route, method, requestId, headers }) {
      const parent = propagation.extract(context.active(), headers, {
        get: (carrier, key) => carrier.get(key) ?? undefined,
        keys: (carrier) => [...carrier.keys()],
      });
      // The route's template, never the path: a path can carry a secret (an invitation token).
      const span = tracer.startSpan(
        operationId,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': method,
            'http.route': route,
            'payout.operation_id': operationId,
            'payout.request_id': requestId,
          },
        },
        parent,
      );
      return {
        end(status) {
          span.setAttribute('http.response.status_code', status);
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
  };
  setRequestTracer(requestTracer);
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      setRequestTracer(null);
      await provider.shutdown();
    },
  };
}
