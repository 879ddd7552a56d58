// Owns taking the body off the wire, only once the request is authenticated and authorized, within its limit (413 as
// it arrives) — and, for an answer given before, closing the connection rather than receiving the rest.
import type { Operation } from '@/lib/platform/operations/operation';
import { readRawBody } from '../body';
import type { RefusalContext } from '../refusals';
import type { Exchange } from './exchange';

/** The raw bytes, exactly as sent (the signature covers them). */
export async function readBody(
  exchange: Exchange,
  operation: Operation,
  context: RefusalContext,
): Promise<Uint8Array> {
  const rawBody = await readRawBody(exchange.request, operation, context);
  exchange.bodyRead = true;
  return rawBody;
}

/** A request whose body is still on the wire: answering without reading it must also end the connection. */
function hasUnreadBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  return (length !== null && length !== '0') || request.headers.has('transfer-encoding');
}

/** Refused before its body was read: close the connection rather than receive and discard the rest. */
export function closeIfBodyUnread(exchange: Exchange, response: Response): void {
  if (!exchange.bodyRead && hasUnreadBody(exchange.request)) response.headers.set('connection', 'close');
}
