// Owns turning what a handler returned into what goes on the wire: a file answer (streamed under a write timeout,
// giving its heavy place back when the stream ends), JSON shaped through the response schema, or the handler's own
// Response with the pipeline's headers added.
import type { Env } from '@/lib/platform/env';
import { describeError, log } from '@/lib/platform/log';
import { type FileBody, isFileResponse, type Operation } from '@/lib/platform/operations/operation';
import { fileResponse } from '../file-response';
import type { OperationResult } from '../idempotency';
import type { Exchange } from './exchange';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function shapeOutput(
  exchange: Exchange,
  operation: Operation,
  result: unknown,
  config: Pick<Env, 'STREAM_WRITE_TIMEOUT_SECONDS'>,
): OperationResult | Response {
  if (isFileResponse(operation.response)) {
    const file = result as FileBody;
    const slot = exchange.heavySlot;
    const { requestId } = exchange;
    if (!(file.body instanceof Uint8Array)) exchange.slotGoesWithStream = true;
    return fileResponse(file, operation.response.status, new Headers(), {
      writeTimeoutMs: config.STREAM_WRITE_TIMEOUT_SECONDS * 1000,
      onEnd: () => slot?.release(),
      onFail: (error, bytes) =>
        log('error', 'file stream aborted', {
          request_id: requestId,
          operation: operation.id,
          bytes_sent: bytes,
          ...describeError(error),
        }),
      logFields: { request_id: requestId, operation: operation.id, org_id: exchange.actor?.orgId },
    });
  }
  // Shaping the output through its schema drops anything the wire must not carry.
  return { status: operation.response.status, body: operation.response.schema.parse(result) };
}

/** The answer with the pipeline's headers: a handler's own Response keeps any header it set itself. */
export function toResponse(result: OperationResult | Response, headers: Headers): Response {
  if (result instanceof Response) {
    headers.forEach((value, name) => {
      if (!result.headers.has(name)) result.headers.set(name, value);
    });
    return result;
  }
  for (const [name, value] of Object.entries(JSON_HEADERS)) headers.set(name, value);
  return new Response(JSON.stringify(result.body), { status: result.status, headers });
}
