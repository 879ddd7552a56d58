// Owns calling the operation's handler with what the pipeline established (actor, parsed input, request id) on the
// database it is given — the idempotency transaction, a view's reading transaction or the pool — and shaping its answer.
import type { Executor } from '@/db/client';
import type { Env } from '@/lib/platform/env';
import type { Operation } from '@/lib/platform/operations/operation';
import type { OperationResult } from '../idempotency';
import type { Exchange } from './exchange';
import type { HandlerContext, OperationHandler } from './handler-context';
import type { ParsedBody } from './parse-body';
import { shapeOutput } from './shape-output';

/** The handler, ready to run on whichever executor the next step chooses. */
export type Run = (executor: Executor) => Promise<OperationResult | Response>;

export function handlerRun<O extends Operation>(
  exchange: Exchange,
  operation: O,
  handler: OperationHandler<O>,
  input: { params: unknown; query: unknown; body: ParsedBody },
  config: Pick<Env, 'STREAM_WRITE_TIMEOUT_SECONDS'>,
): Run {
  return async (executor) => {
    const result = await handler({
      actor: exchange.actor,
      query: input.query,
      params: input.params,
      body: input.body.body,
      files: input.body.files,
      db: executor,
      requestId: exchange.requestId,
      request: exchange.request,
    } as HandlerContext<O>);
    if (result instanceof Response) return result;
    return shapeOutput(exchange, operation, result, config);
  };
}
