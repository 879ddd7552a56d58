// Unit tests of running the handler: it gets what the pipeline established and the executor it is given, and its
// answer is shaped (a Response passes as it is).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { handlerRun } from './run-handler';
import { testActor, testExchange, testOperation } from './test-exchange';

const operation = testOperation({
  id: 'testWrite',
  method: 'POST',
  body: z.object({ name: z.string() }),
  response: { status: 201, description: 'ok', schema: z.object({ id: z.string() }) },
});
const config = { STREAM_WRITE_TIMEOUT_SECONDS: 60 };
const actor = testActor;
const input = {
  params: undefined,
  query: undefined,
  body: { body: { name: 'n' }, files: {}, canonical: '' },
};
const executor = { marker: 'tx' } as unknown as Executor;

describe('handlerRun', () => {
  it('calls the handler with the actor, the input, the request id and the executor; shapes its answer', async () => {
    const exchange = testExchange(operation, { actor });
    const seen: unknown[] = [];
    const run = handlerRun(
      exchange,
      operation,
      async (context) => {
        seen.push(context);
        return { id: 'new', extra: true } as { id: string };
      },
      input,
      config,
    );
    expect(await run(executor)).toEqual({ status: 201, body: { id: 'new' } });
    expect(seen).toEqual([
      expect.objectContaining({
        actor,
        body: { name: 'n' },
        files: {},
        db: executor,
        requestId: exchange.requestId,
        request: exchange.request,
      }),
    ]);
  });

  it("passes a handler's own Response as it is", async () => {
    const exchange = testExchange(operation);
    const own = new Response('raw');
    const run = handlerRun(exchange, operation, async () => own, input, config);
    expect(await run(executor)).toBe(own);
  });
});
