// Unit tests of the body limit: an operation's own limit, never more than the small one for a public operation.
import { describe, expect, it } from 'vitest';
import type { Operation } from '@/lib/platform/operations/operation';
import { bodyLimitOf } from './body-limit';
import { testOperation } from './test-exchange';

const operation = (extra: Partial<Operation>): Operation =>
  testOperation({
    id: 'testWrite',
    method: 'POST',
    ...extra,
  });
const config = { MAX_BODY_BYTES: 1_000_000, MAX_UNAUTHENTICATED_BODY_BYTES: 16_000 };

describe('bodyLimitOf', () => {
  it("is the deployment's default, or the operation's own", () => {
    expect(bodyLimitOf(operation({}), config)).toEqual({ maxBodyBytes: 1_000_000 });
    expect(bodyLimitOf(operation({ maxBodyBytes: 5_000_000 }), config)).toEqual({ maxBodyBytes: 5_000_000 });
  });

  it('holds a public operation to the unauthenticated limit, or its own when smaller', () => {
    expect(bodyLimitOf(operation({ public: true }), config)).toEqual({ maxBodyBytes: 16_000 });
    expect(bodyLimitOf(operation({ public: true, maxBodyBytes: 1_000 }), config)).toEqual({
      maxBodyBytes: 1_000,
    });
  });
});
