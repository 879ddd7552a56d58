// Owns the one wrapper every /api/v2 operation goes through, as DESIGN's pipeline ("The request pipeline") of named
// steps (lib/platform/http/pipeline/): route and target → authentication without the body (token, then the one
// statement: key, rate limit, replay record) → authorization → the body, read within its limit, and its hash → input
// → idempotency or the handler → output; errors, the view's audit trail and the request's log line last. What needs
// an area comes in through PipelineHooks; the composition root binds them (lib/app/handle.ts).
import { env } from '@/lib/platform/env';
import type { Operation } from '@/lib/platform/operations/operation';
import { answerIdempotently, idempotencyKeyOf } from './pipeline/answer-idempotently';
import { authenticateRequest } from './pipeline/authenticate';
import { authorize } from './pipeline/authorize';
import { beginExchange } from './pipeline/begin';
import { bodyLimitOf } from './pipeline/body-limit';
import { announceDeprecatedUse, announceDeprecation } from './pipeline/deprecation';
import type { Handle, NextRouteHandler, OperationHandler } from './pipeline/handler-context';
import { releaseHeavyPlace, takeHeavyPlace } from './pipeline/heavy-slot';
import type { Authentication, PipelineHooks } from './pipeline/hooks';
import { observe } from './pipeline/observe';
import { parseBody } from './pipeline/parse-body';
import { parseParams, parseQueryOf } from './pipeline/parse-input';
import { readBody } from './pipeline/read-body';
import { recordViewRequest, runRecordingRead } from './pipeline/record-read';
import { respondError } from './pipeline/respond-error';
import { handlerRun } from './pipeline/run-handler';
import { toResponse } from './pipeline/shape-output';
import { checkTarget } from './pipeline/target';
import { verifyBodyHash } from './pipeline/verify-body-hash';

// What route files and tests name; a handler's own types are in pipeline/handler-context.ts.
export type { Handle, NextRouteHandler } from './pipeline/handler-context';
export type { PipelineHooks } from './pipeline/hooks';

/** The wrapper over the given hooks: an operation's handler in, a Next route handler out. */
export function createHandle<A extends Authentication>(hooks: PipelineHooks<A>): Handle {
  return <O extends Operation>(operation: O, handler: OperationHandler<O>): NextRouteHandler =>
    async (request, routeContext) => {
      const exchange = beginExchange(operation, request);
      let response: Response;
      try {
        const config = env();
        const limit = bodyLimitOf(operation, config);
        checkTarget(operation, request, config, limit);
        // Authentication and authorization come before the body is read: a refused request's body never is (and
        // its connection is closed, so the rest of it is never received either).
        let authentication: A | undefined;
        if (!operation.public) {
          authentication = await authenticateRequest(hooks, operation, exchange, config, limit);
          authorize(operation, authentication.actor, request.method, limit);
        }
        const rawBody = await readBody(exchange, operation, limit);
        if (authentication) await verifyBodyHash(hooks, exchange, authentication, rawBody, config);
        announceDeprecation(operation, exchange, config);

        const params = await parseParams(operation, routeContext, limit);
        const query = parseQueryOf(operation, exchange, config, limit);
        const body = await parseBody(operation, request, rawBody, limit);
        announceDeprecatedUse(operation, exchange, config, body.body);
        takeHeavyPlace(exchange, operation, body.body, config, limit);

        const run = handlerRun(exchange, operation, handler, { params, query, body }, config);
        const idempotencyKey = idempotencyKeyOf(operation, exchange);
        response =
          idempotencyKey !== null
            ? await answerIdempotently(exchange, operation, idempotencyKey, { rawBody, body }, run)
            : toResponse(await runRecordingRead(hooks, exchange, operation, run), exchange.headers);
      } catch (error) {
        response = respondError(exchange, operation, error);
      }
      releaseHeavyPlace(exchange);
      await recordViewRequest(hooks, exchange, operation, response.status);
      observe(exchange, operation, response.status);
      return response;
    };
}
