// Owns the seam between the request wrapper and tracing: a tracer slot that is empty unless tracing was started, so a
// request without tracing costs one property read and no OpenTelemetry module is ever loaded.

export interface RequestSpan {
  /** Ends the span with the answer's status. */
  end(status: number): void;
}

export interface RequestTracer {
  start(request: {
    operationId: string;
    route: string;
    method: string;
    requestId: string;
    headers: Headers;
  }): RequestSpan;
}

// On globalThis: the instrumentation hook and the route bundles are separate module graphs in a Next build.
const holder = globalThis as unknown as { __payoutRequestTracer?: RequestTracer | null };

export function requestTracer(): RequestTracer | null | undefined {
  return holder.__payoutRequestTracer;
}

export function setRequestTracer(tracer: RequestTracer | null): void {
  holder.__payoutRequestTracer = tracer;
}
