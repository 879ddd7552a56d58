// Unit tests of when a request is answered through its Idempotency-Key, and whose records it may replay. The
// transaction that runs the handler once and stores its answer is covered by test/api/idempotency-*.test.ts.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Principal } from '@/lib/platform/actor/actor';
import type { Operation } from '@/lib/platform/operations/operation';
import { idempotencyKeyOf, principalIdOf } from './answer-idempotently';
import { testActor, testExchange, testOperation } from './test-exchange';

const operation = (extra: Partial<Operation> = {}): Operation =>
  testOperation({
    id: 'testWrite',
    method: 'POST',
    response: { status: 201, description: 'ok', schema: z.object({}) },
    ...extra,
  });
const actor = testActor;
const exchangeOf = (op: Operation, who: Principal | null, key?: string) =>
  testExchange(op, { actor: who, headers: key === undefined ? {} : { 'idempotency-key': key } });

describe('idempotencyKeyOf', () => {
  it("is the key of an idempotent operation's request made for an organization", () => {
    expect(idempotencyKeyOf(operation(), exchangeOf(operation(), actor, 'k-1'))).toBe('k-1');
  });

  it('is null without a key, for an operation that takes none, or without an organization', () => {
    expect(idempotencyKeyOf(operation(), exchangeOf(operation(), actor))).toBeNull();
    const notIdempotent = operation({ idempotent: false });
    expect(idempotencyKeyOf(notIdempotent, exchangeOf(notIdempotent, actor, 'k-1'))).toBeNull();
    const read = operation({ method: 'GET' });
    expect(idempotencyKeyOf(read, exchangeOf(read, actor, 'k-1'))).toBeNull();
    expect(
      idempotencyKeyOf(operation(), exchangeOf(operation(), { ...actor, orgId: null }, 'k-1')),
    ).toBeNull();
  });
});

describe('principalIdOf', () => {
  it('is the person behind the request: the person, else the user, else the key', () => {
    expect(principalIdOf({ ...actor, personId: 'p', userId: 'u' })).toBe('p');
    expect(principalIdOf({ ...actor, userId: 'u' })).toBe('u');
    expect(principalIdOf(actor)).toBe('key-1');
    expect(() => principalIdOf({ ...actor, apiKeyId: undefined })).toThrow();
  });
});
