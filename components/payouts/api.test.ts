// Tests that every call the payouts pages make is an operation the API declares, with its method and path.
import { describe, expect, it } from 'vitest';
import { allOperations } from '@/lib/api/operations';
import { op } from './api';

describe('payouts pages call declared operations', () => {
  it.each(Object.entries(op))('%s', (id, call) => {
    const declared = allOperations.find((operation) => operation.id === id);
    expect(declared, `${id} is declared`).toBeDefined();
    expect({ method: declared?.method, path: declared?.path }).toEqual(call);
  });
});
