// Operations settle a credited deposit that vanished in a reorganisation deeper than the confirmations (EVM custody,
// against a real local node): `written_off` keeps the client's credit and moves nothing; `reinstated` only once the
// node shows the transaction again with its confirmations. Either leaves the open list, keeps who, when and why, and is
// audited; a second settlement, a client's key and staff without the operations role are refused.
import { and, eq } from 'drizzle-orm';
import { type Hex, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { chainDeposits } from '@/db/schema/funding';
import { ledgerTransactions } from '@/db/schema/ledger';
import { events } from '@/db/schema/platform/events';
import { watchChainOnce } from '@/lib/funding/server';
import { apiClient, sendByKey } from '../api';
import { type SignedIn, sessionCall, signIn } from '../browser-session';
import { configureEvmCustody } from '../chain/evm-custody';
import { type LocalNode, startLocalNode, type TestToken } from '../chain/local-node';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { balanceOf, ledgerInvariants } from '../payouts-fixtures';

await useTestDatabase();

const CONFIRMATIONS = 3;
let node: LocalNode;
let token: TestToken;
let sender: `0x${string}`;
let ops: SignedIn;

interface Alert {
  id: string;
  kind: string;
  org_id: string | null;
  org_name: string | null;
  subject_id: string;
  deposit: {
    transaction_hash: string;
    log_index: number;
    amount: string;
    credited_at: string | null;
    vanished_at: string | null;
  } | null;
  resolved_at: string | null;
  resolution: string | null;
  resolution_note: string | null;
  resolved_by_user_id: string | null;
}

beforeAll(async () => {
  node = await startLocalNode();
  token = await node.deployToken(6);
  sender = node.accounts[1]!;
  await token.mint(sender, '1000000');
  configureEvmCustody({
    rpcUrl: node.url,
    token,
    confirmations: CONFIRMATIONS,
    startBlock: await node.head(),
  });
  ops = await signIn({ staffRole: 'support', moreStaffRoles: ['operations'] });
});
afterAll(() => node?.close());

async function watch() {
  for (;;) {
    const pass = await watchChainOnce(db());
    if (pass.outcome !== 'scanned' || pass.caughtUp) return;
  }
}

/**
 * An organization credited `amount` by a transfer that a reorganisation deeper than the confirmations then removed:
 * its alert, and the transaction as signed, so a test can broadcast it again (re-mined on the new branch).
 */
async function vanishedDeposit(amount: string) {
  const name = `Vanished ${amount} Ltd`;
  const org = { ...(await createTestOrganization({ name })), name };
  const client = apiClient(org.credentials);
  const { data } = await client.request<{ items: { address: `0x${string}` }[] }>(
    'GET',
    '/api/v2/funding/addresses',
  );
  await watch();
  const snapshot = await node.snapshot();
  const hash = await token.transfer(sender, data.items[0]!.address, amount);
  const signed = await node.client.getTransaction({ hash });
  await node.mine(CONFIRMATIONS);
  await watch();
  await node.revert(snapshot);
  await node.mine(CONFIRMATIONS + 3);
  await watch();
  const open = await listAlerts('open');
  const alert = open.find((candidate) => candidate.org_id === org.orgId);
  expect(alert).toBeDefined();
  // The node signs deterministically: the same fields from the same account and nonce are the same transaction.
  const resend = () =>
    node.provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: signed.from,
          to: signed.to!,
          data: signed.input,
          nonce: toHex(signed.nonce),
          gas: toHex(signed.gas),
          maxFeePerGas: toHex(signed.maxFeePerGas!),
          maxPriorityFeePerGas: toHex(signed.maxPriorityFeePerGas!),
          type: '0x2',
        },
      ],
    } as never) as Promise<Hex>;
  return { org, hash, alert: alert!, resend };
}

async function listAlerts(status?: 'open' | 'resolved') {
  const listed = await sessionCall<{ data: Alert[] }>(
    ops,
    'GET',
    `/api/v2/support/chain-alerts${status ? `?status=${status}` : ''}`,
  );
  expect(listed.status).toBe(200);
  return listed.body.data;
}

const resolve = (who: SignedIn, alertId: string, body: unknown) =>
  sessionCall<Alert & { code?: string; message?: string }>(
    who,
    'POST',
    `/api/v2/support/chain-alerts/${alertId}/resolve`,
    body,
  );

async function ledgerMovesOf(orgId: string) {
  return (await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.orgId, orgId))).length;
}

describe('a credited deposit that vanished', () => {
  it('is listed open with the deposit, and written off by operations: the credit stands, nothing moves', async () => {
    const { org, hash, alert } = await vanishedDeposit('90');
    expect(alert).toMatchObject({
      kind: 'credited_deposit_vanished',
      org_name: org.name,
      resolved_at: null,
      resolution: null,
      deposit: { transaction_hash: hash, amount: '90.00' },
    });
    expect(alert.deposit!.credited_at).not.toBeNull();
    expect(alert.deposit!.vanished_at).not.toBeNull();
    const movesBefore = await ledgerMovesOf(org.orgId);

    // Refused to a support member without operations, a client's own key and a client user; nothing stored.
    const body = { outcome: 'written_off', note: 'Reorg on mainnet, provider bears it (INC-77)' };
    expect((await resolve(await signIn({ staffRole: 'support' }), alert.id, body)).status).toBe(403);
    const path = `/api/v2/support/chain-alerts/${alert.id}/resolve`;
    expect((await sendByKey(org.credentials, 'POST', path, body)).status).toBe(404);
    const member = await signIn({ memberships: [{ orgId: org.orgId, role: 'admin' }] });
    expect((await resolve(member, alert.id, body)).status).toBe(404);
    // A note is required.
    expect((await resolve(ops, alert.id, { outcome: 'written_off', note: ' ' })).status).toBe(422);
    expect((await listAlerts('open')).map((a) => a.id)).toContain(alert.id);

    const settled = await resolve(ops, alert.id, body);
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({
      id: alert.id,
      resolution: 'written_off',
      resolution_note: 'Reorg on mainnet, provider bears it (INC-77)',
      resolved_by_user_id: ops.userId,
    });
    expect(settled.body.resolved_at).not.toBeNull();

    // Settled once: a second attempt, whatever the outcome, is a conflict that changes nothing.
    const again = await resolve(ops, alert.id, { outcome: 'reinstated', note: 'changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_state');

    expect((await listAlerts('open')).map((a) => a.id)).not.toContain(alert.id);
    expect((await listAlerts('resolved')).find((a) => a.id === alert.id)).toMatchObject({
      resolution: 'written_off',
      resolved_by_user_id: ops.userId,
    });
    // The client keeps the credit; the ledger has no new movement and stays balanced.
    expect((await balanceOf(org.orgId)).available).toBe('90.00');
    expect(await ledgerMovesOf(org.orgId)).toBe(movesBefore);
    expect(await ledgerInvariants()).toEqual({ total: '0.000000', unbalanced: 0, negative: 0 });

    const audit = await db()
      .select()
      .from(events)
      .where(and(eq(events.subjectId, alert.id), eq(events.type, 'chain_alert.resolved')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ orgId: org.orgId, actorType: 'staff', actorId: ops.userId });
    expect(audit[0]!.data).toMatchObject({ outcome: 'written_off', transaction_hash: hash, amount: '90.00' });
  });

  it('is reinstated only once the node shows the transaction again with its confirmations', async () => {
    const { org, hash, alert, resend } = await vanishedDeposit('40');
    const body = { outcome: 'reinstated', note: 'Re-mined after the reorganisation' };
    const notThere = await resolve(ops, alert.id, body);
    expect(notThere.status).toBe(409);
    expect(notThere.body.message).toMatch(/no receipt/);

    // The same signed transaction broadcast again is mined on the new branch: too few confirmations yet.
    const beforeRemined = await node.snapshot();
    const again = await resend();
    expect(again).toBe(hash);
    const early = await resolve(ops, alert.id, body);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/1 of 3 confirmations/);
    expect((await listAlerts('open')).map((a) => a.id)).toContain(alert.id);

    await node.mine(CONFIRMATIONS - 1);
    const settled = await resolve(ops, alert.id, body);
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ resolution: 'reinstated', resolved_by_user_id: ops.userId });
    expect(settled.body.deposit?.vanished_at).toBeNull();
    const [deposit] = await db().select().from(chainDeposits).where(eq(chainDeposits.id, alert.subject_id));
    expect(deposit).toMatchObject({ status: 'credited', vanishedAt: null });
    expect((await balanceOf(org.orgId)).available).toBe('40.00');
    expect(await ledgerInvariants()).toEqual({ total: '0.000000', unbalanced: 0, negative: 0 });
    // The watcher, passing again, neither credits it twice nor raises it again.
    await watch();
    expect((await balanceOf(org.orgId)).available).toBe('40.00');
    expect((await listAlerts('open')).filter((a) => a.org_id === org.orgId)).toEqual([]);

    // Reinstated, then removed again by another deep reorganisation: a new open alert, never silence.
    await node.revert(beforeRemined);
    await node.mine(CONFIRMATIONS + 5);
    await watch();
    const reopened = (await listAlerts('open')).filter((a) => a.org_id === org.orgId);
    expect(reopened).toMatchObject([{ kind: 'credited_deposit_vanished', subject_id: alert.subject_id }]);
    expect(reopened[0]!.id).not.toBe(alert.id);
    expect((await listAlerts('resolved')).find((a) => a.id === alert.id)).toMatchObject({
      resolution: 'reinstated',
    });
    expect((await balanceOf(org.orgId)).available).toBe('40.00');
  });

  it('an unknown alert is 404', async () => {
    const missing = await resolve(ops, '0b6f1c1e-0000-4000-8000-000000000000', {
      outcome: 'written_off',
      note: 'nothing',
    });
    expect(missing.status).toBe(404);
  });
});
