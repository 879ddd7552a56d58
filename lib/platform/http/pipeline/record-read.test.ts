// Unit tests of the support view's audit trail in the pipeline, over a stand-in database: a read inside a view is
// recorded in the transaction that reads (no record, no data), and every request under a view is recorded once
// answered, a failure to record never failing the request.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Principal } from '@/lib/platform/actor/actor';
import type { Operation } from '@/lib/platform/operations/operation';
import { recordViewRequest, runRecordingRead } from './record-read';
import { testExchange, testOperation } from './test-exchange';

const database = vi.hoisted(() => ({ pool: { name: 'pool' }, tx: { name: 'tx' }, transactions: 0 }));
vi.mock('@/db/client', () => ({
  db: () => ({
    ...database.pool,
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      database.transactions += 1;
      return work(database.tx);
    },
  }),
}));

const operation = testOperation;
const admin: Principal = { via: 'session', orgId: 'org-1', role: 'admin', userId: 'u', entitlements: [] };
const viewer = { ...admin, impersonation: { sessionId: 'view-1', staffUserId: 'staff-1' } } as Principal;

const exchangeOf = (op: Operation, who: Principal | null) =>
  testExchange(op, { actor: who, target: '/api/v2/test?x=1' });

let staffReads: { executor: unknown; read: unknown }[];
let viewReads: unknown[];
const hooks = {
  recordStaffRead: async (executor: unknown, read: unknown) => {
    staffReads.push({ executor, read });
  },
  recordViewRead: async (_executor: unknown, read: unknown) => {
    viewReads.push(read);
  },
};

beforeEach(() => {
  staffReads = [];
  viewReads = [];
  database.transactions = 0;
});

describe('runRecordingRead', () => {
  it('outside a view the handler runs on the pool and nothing is recorded', async () => {
    const executors: unknown[] = [];
    await runRecordingRead(hooks, exchangeOf(operation(), admin), operation(), async (executor) => {
      executors.push(executor);
      return { status: 200, body: {} };
    });
    expect(database.transactions).toBe(0);
    expect(staffReads).toEqual([]);
    expect(executors).toEqual([expect.objectContaining({ name: 'pool' })]);
  });

  it("inside a view an organization's read is recorded first, in the transaction that reads", async () => {
    const exchange = exchangeOf(operation(), viewer);
    const executors: unknown[] = [];
    await runRecordingRead(hooks, exchange, operation(), async (executor) => {
      executors.push(executor);
      expect(staffReads).toHaveLength(1);
      return { status: 200, body: {} };
    });
    expect(staffReads).toEqual([
      {
        executor: database.tx,
        read: {
          orgId: 'org-1',
          staffUserId: 'staff-1',
          viewId: 'view-1',
          operation: 'testRead',
          method: 'GET',
          resource: '/api/v2/test',
          requestId: exchange.requestId,
        },
      },
    ]);
    expect(executors).toEqual([database.tx]);
  });

  it('no record, no data: a failed record fails the read', async () => {
    const failing = {
      recordStaffRead: async () => {
        throw new Error('view ended');
      },
    };
    const run = vi.fn();
    await expect(
      runRecordingRead(failing, exchangeOf(operation(), viewer), operation(), run),
    ).rejects.toThrow('view ended');
    expect(run).not.toHaveBeenCalled();
  });
});

describe('recordViewRequest', () => {
  it("records every request answered under a view, with its status (a staff operation's excepted)", async () => {
    const exchange = exchangeOf(operation(), viewer);
    await recordViewRequest(hooks, exchange, operation(), 403);
    expect(viewReads).toEqual([
      {
        orgId: 'org-1',
        staffUserId: 'staff-1',
        viewId: 'view-1',
        method: 'GET',
        path: '/api/v2/test',
        operation: 'testRead',
        status: 403,
        requestId: exchange.requestId,
      },
    ]);
    await recordViewRequest(
      hooks,
      exchangeOf(operation({ audience: 'staff' }), viewer),
      operation({ audience: 'staff' }),
      200,
    );
    await recordViewRequest(hooks, exchangeOf(operation(), admin), operation(), 200);
    expect(viewReads).toHaveLength(1);
  });

  it('a failure to record is logged, never the answer', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const failing = {
      recordViewRead: async () => {
        throw new Error('disk full');
      },
    };
    await expect(
      recordViewRequest(failing, exchangeOf(operation(), viewer), operation(), 200),
    ).resolves.toBeUndefined();
    expect(String(stderr.mock.calls[0]?.[0])).toContain('support view read not recorded');
    stderr.mockRestore();
  });
});
