// Owns the per-request metrics of the API (count and latency by operation and status), kept outside prom-client so a
// request costs two map look-ups and a few additions: prom-client hashes its labels on every observation.

/** Upper bounds in seconds: the signed GET sits near 5 ms, exports and large batches take seconds. */
export const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Series {
  /** Per bucket, not cumulative (rendered cumulatively); the last slot is +Inf. */
  counts: Float64Array;
  sum: number;
  count: number;
}

// On globalThis: every route bundle of the build must count into the one map the metrics route renders.
const holder = globalThis as unknown as { __payoutRequestMetrics?: Map<string, Map<number, Series>> };
holder.__payoutRequestMetrics ??= new Map();
const byOperation = holder.__payoutRequestMetrics;

function seriesOf(operation: string, status: number): Series {
  let byStatus = byOperation.get(operation);
  if (!byStatus) {
    byStatus = new Map();
    byOperation.set(operation, byStatus);
  }
  let series = byStatus.get(status);
  if (!series) {
    series = { counts: new Float64Array(REQUEST_BUCKETS.length + 1), sum: 0, count: 0 };
    byStatus.set(status, series);
  }
  return series;
}

/** One answered request. Allocates only the first time an operation answers a status. */
export function observeRequest(operation: string, status: number, seconds: number): void {
  const series = seriesOf(operation, status);
  let bucket = 0;
  while (bucket < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[bucket]!) bucket += 1;
  series.counts[bucket]! += 1;
  series.sum += seconds;
  series.count += 1;
}

/** Prometheus label values escape backslash, double quote and newline. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** The request counter and the latency histogram in Prometheus' text exposition format. */
export function renderRequestMetrics(): string {
  const total = [
    '# HELP payout_http_requests_total API requests answered, by operation id and HTTP status.',
    '# TYPE payout_http_requests_total counter',
  ];
  const histogram = [
    '# HELP payout_http_request_duration_seconds Time from receiving an API request to its answer, by operation id and HTTP status.',
    '# TYPE payout_http_request_duration_seconds histogram',
  ];
  for (const [operation, byStatus] of byOperation) {
    for (const [status, series] of byStatus) {
      const labels = `operation="${escapeLabel(operation)}",status="${status}"`;
      total.push(`payout_http_requests_total{${labels}} ${series.count}`);
      let cumulative = 0;
      REQUEST_BUCKETS.forEach((bound, index) => {
        cumulative += series.counts[index]!;
        histogram.push(`payout_http_request_duration_seconds_bucket{${labels},le="${bound}"} ${cumulative}`);
      });
      histogram.push(`payout_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${series.count}`);
      histogram.push(`payout_http_request_duration_seconds_sum{${labels}} ${series.sum}`);
      histogram.push(`payout_http_request_duration_seconds_count{${labels}} ${series.count}`);
    }
  }
  return `${total.join('\n')}\n${histogram.join('\n')}\n`;
}
