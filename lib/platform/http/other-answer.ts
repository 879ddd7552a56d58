// Owns answering with one of an operation's declared other success responses (`otherResponses`: a 202 beside the
// usual 200), shaped through its schema as the usual answer is, so nothing the wire must not carry reaches it.
import type { Operation } from '@/lib/platform/operations/operation';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function otherAnswer(operation: Operation, status: number, body: unknown): Response {
  const declared = operation.otherResponses?.find((response) => response.status === status);
  if (!declared) throw new Error(`${operation.id} declares no other response with status ${status}`);
  return new Response(JSON.stringify(declared.schema.parse(body)), { status, headers: JSON_HEADERS });
}
