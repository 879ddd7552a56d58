// What an approval binds, through the real routes (issue #29 §2, DESIGN "What an approval binds" and "Maker-checker
// counts people"): the Batch's review_digest, confirm refusing a digest the batch no longer has with what changed, a
// party's new bank details or identity outdating the drafts that pay it, and maker-checker counting people, not keys.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { organizationMargins } from '@/db/schema/pricing';
import { resetEnvCache } from '@/lib/platform/env';
import { reviewProfile } from '@/lib/profiles/server/review';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { addApiKey } from '../fixtures';
import { balanceOf, callJson, createPayoutOrg, orderItem, type PayoutOrg } from '../payouts-fixtures';
import { createUserSessionFetch } from '../sessions';
import { publicEvents } from '../support/public-events';

await useTestDatabase();
process.env.SANDBOX_STEP_SECONDS = '0';
resetEnvCache();

interface Batch {
  id: string;
  status: string;
  source_amount_total: string;
  quote_expires_at: string;
  review_digest: string;
  review_outdated_at: string | null;
  makers: { type: 'user' | 'api_key'; id: string; name: string; user_id: string | null }[];
}
interface BatchWithOrders {
  batch: Batch;
  orders: { id: string; source_amount: string }[];
}
interface ErrorBody {
  statusCode: number;
  code?: string;
  message: string;
  errors?: { field: string; code: string; message: string }[];
}

const createBatch = async (org: PayoutOrg, client = org.client, amount = '1000.00') => {
  const created = await callJson<BatchWithOrders>(client, 'POST', '/api/v2/payouts', {
    orders: [orderItem(org, amount)],
  });
  expect(created.status).toBe(201);
  return created.body;
};

const confirm = (client: PayoutOrg['client'], batchId: string, body?: unknown) =>
  callJson<BatchWithOrders & ErrorBody>(client, 'POST', `/api/v2/payouts/${batchId}/confirm`, body);

/** The fixture beneficiary has no postal address, which any edit re-validates: give it one, and have it reviewed (ready) again. */
async function completeBeneficiary(org: PayoutOrg): Promise<void> {
  const patched = await callJson(org.client, 'PATCH', `/api/v2/beneficiaries/${org.beneficiaries.EUR}`, {
    address_line1: 'Friedrichstraße 100',
    city: 'Berlin',
    postal_code: '10117',
  });
  expect(patched.status).toBe(200);
  await reviewProfile(db(), 'beneficiary', org.beneficiaries.EUR);
}

/** A new legal name (identity); the fixture sender also lacks the contact address an edit requires. */
async function renameSender(org: PayoutOrg): Promise<void> {
  const patched = await callJson(org.client, 'PATCH', `/api/v2/senders/${org.senderId}`, {
    legal_name: 'Test Sender Holdings Ltd',
    contact_email: 'treasury@sender.example',
  });
  expect(patched.status).toBe(200);
  await reviewProfile(db(), 'sender', org.senderId);
}

const eventsOf = (client: PayoutOrg['client'], batchId: string, type: string) =>
  publicEvents<Batch>(client, { types: [type], about: [batchId] });

describe('the review digest', () => {
  it('is on the Batch, changes with a re-quote, and is kept after confirm', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const { batch } = await createBatch(org);
    expect(batch.review_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(batch.review_outdated_at).toBeNull();
    const read = await callJson<BatchWithOrders>(org.client, 'GET', `/api/v2/payouts/${batch.id}`);
    expect(read.body.batch.review_digest).toBe(batch.review_digest);

    // The organization's margin rises and a member re-quotes: the checker's digest no longer fits.
    await db()
      .update(organizationMargins)
      .set({ marginBps: '9000' })
      .where(eq(organizationMargins.orgId, org.orgId));
    const requoted = await callJson<BatchWithOrders>(org.client, 'POST', `/api/v2/payouts/${batch.id}/quote`);
    expect(requoted.status).toBe(200);
    expect(requoted.body.batch.review_digest).not.toBe(batch.review_digest);

    const refused = await confirm(org.client, batch.id, { review_digest: batch.review_digest });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('review_outdated');
    expect(refused.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'quote_expires_at', code: 'changed' }),
        {
          field: 'orders.0.source_amount',
          code: 'changed',
          message: `orders.0.source_amount: the USDT to fund changed from ${batch.source_amount_total} USDT to ${requoted.body.orders[0]!.source_amount} USDT`,
        },
      ]),
    );
    expect(refused.body.errors!.map((e) => e.field)).not.toContain('orders.0.beneficiary_amount');
    expect(await balanceOf(org.orgId)).toMatchObject({ held: '0.00' });

    const confirmed = await confirm(org.client, batch.id, {
      review_digest: requoted.body.batch.review_digest,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.batch.review_digest).toBe(requoted.body.batch.review_digest);
    expect(await balanceOf(org.orgId)).toMatchObject({ held: requoted.body.batch.source_amount_total });
  });

  it('a malformed digest is 422; no body confirms as before', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const { batch } = await createBatch(org);
    const malformed = await confirm(org.client, batch.id, { review_digest: 'not-a-digest' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors?.[0]?.field).toBe('review_digest');
    const unknown = await confirm(org.client, batch.id, { review_digest: 'a'.repeat(64) });
    expect(unknown.status).toBe(409);
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({ field: 'review_digest', code: 'unknown' }),
    ]);
    expect((await confirm(org.client, batch.id)).status).toBe(200);
  });

  it('a misspelt field is refused (422 unknown_field), never read as no digest at all', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const { batch } = await createBatch(org);
    const requoted = await callJson<BatchWithOrders>(org.client, 'POST', `/api/v2/payouts/${batch.id}/quote`);
    expect(requoted.status).toBe(200);
    // camelCase, as a JavaScript client may send it, with the digest from before the re-quote.
    const typo = await confirm(org.client, batch.id, { reviewDigest: batch.review_digest });
    expect(typo.status).toBe(422);
    expect(typo.body.errors).toEqual([
      expect.objectContaining({ field: 'reviewDigest', code: 'unknown_field' }),
    ]);
    const extra = await confirm(org.client, batch.id, {
      review_digest: requoted.body.batch.review_digest,
      note: 'approved by treasury',
    });
    expect(extra.status).toBe(422);
    expect(extra.body.errors?.map((e) => [e.field, e.code])).toEqual([['note', 'unknown_field']]);
    expect(await balanceOf(org.orgId)).toMatchObject({ held: '0.00' });
    // An empty object and no body at all still confirm as before.
    expect((await confirm(org.client, batch.id, {})).status).toBe(200);
  });

  it('checks state, then the digest, then the quote expiry', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const { batch } = await createBatch(org);
    await renameSender(org);
    await callJson(org.client, 'POST', '/api/v2/sandbox/clock', { advance_seconds: 31 * 60 });
    // Expired quote and a stale digest: the stale digest is said first.
    const stale = await confirm(org.client, batch.id, { review_digest: batch.review_digest });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('review_outdated');
    const current = await callJson<BatchWithOrders>(org.client, 'GET', `/api/v2/payouts/${batch.id}`);
    const expired = await confirm(org.client, batch.id, { review_digest: current.body.batch.review_digest });
    expect(expired.body.code).toBe('quote_expired');

    const other = await createBatch(org);
    expect((await confirm(org.client, other.batch.id)).status).toBe(200);
    const again = await confirm(org.client, other.batch.id, { review_digest: 'b'.repeat(64) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('batch_not_awaiting_confirmation');
  });
});

describe('a party change under a draft', () => {
  it("a beneficiary's new IBAN outdates the draft: event, marker, and the old approval no longer confirms", async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    await completeBeneficiary(org);
    const { batch } = await createBatch(org);
    const confirmedEarlier = await createBatch(org);
    expect((await confirm(org.client, confirmedEarlier.batch.id)).status).toBe(200);

    // A contact address is not a detail the payment or the review depends on: nothing changes.
    const contact = await callJson(org.client, 'PATCH', `/api/v2/beneficiaries/${org.beneficiaries.EUR}`, {
      contact_email: 'ap@supplier.example',
    });
    expect(contact.status).toBe(200);
    const unchanged = await callJson<BatchWithOrders>(org.client, 'GET', `/api/v2/payouts/${batch.id}`);
    expect(unchanged.body.batch.review_digest).toBe(batch.review_digest);
    expect(await eventsOf(org.client, batch.id, 'batch.review_outdated')).toHaveLength(0);

    const patched = await callJson(org.client, 'PATCH', `/api/v2/beneficiaries/${org.beneficiaries.EUR}`, {
      iban: 'DE75512108001245126199',
    });
    expect(patched.status).toBe(200);
    const after = await callJson<BatchWithOrders>(org.client, 'GET', `/api/v2/payouts/${batch.id}`);
    expect(after.body.batch.review_digest).not.toBe(batch.review_digest);
    expect(after.body.batch.review_outdated_at).not.toBeNull();
    const events = await eventsOf(org.client, batch.id, 'batch.review_outdated');
    expect(events).toHaveLength(1);
    expect(events[0]!.data.object.review_digest).toBe(after.body.batch.review_digest);
    // The confirmed batch keeps its approval and its digest.
    const kept = await callJson<BatchWithOrders>(
      org.client,
      'GET',
      `/api/v2/payouts/${confirmedEarlier.batch.id}`,
    );
    expect(kept.body.batch.review_digest).toBe(confirmedEarlier.batch.review_digest);
    expect(await eventsOf(org.client, confirmedEarlier.batch.id, 'batch.review_outdated')).toHaveLength(0);

    // Reviewed and ready again, the approver's earlier digest still does not confirm the new account.
    await reviewProfile(db(), 'beneficiary', org.beneficiaries.EUR);
    const refused = await confirm(org.client, batch.id, { review_digest: batch.review_digest });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([
      {
        field: 'orders.0.beneficiary_details_version',
        code: 'changed',
        message:
          "orders.0.beneficiary_details_version: the beneficiary's identity or bank details changed since the review",
      },
    ]);
    const confirmed = await confirm(org.client, batch.id, { review_digest: after.body.batch.review_digest });
    expect(confirmed.status).toBe(200);
  });

  it("a sender's new legal name outdates the drafts paid on its behalf", async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const { batch } = await createBatch(org);
    await renameSender(org);
    const refused = await confirm(org.client, batch.id, { review_digest: batch.review_digest });
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.map((e) => e.field)).toEqual(['orders.0.sender_details_version']);
    expect(await eventsOf(org.client, batch.id, 'batch.review_outdated')).toHaveLength(1);
  });
});

/** Turns on "a separate person confirms" for `org` as its admin, whose session it answers. */
async function separateConfirmer(org: PayoutOrg) {
  const admin = await createUserSessionFetch(org.orgId, 'admin');
  const patched = await admin('PATCH', '/api/v2/organizations/me/approval-policy', {
    require_separate_confirmer: true,
    threshold_usdt: null,
  });
  expect(patched.status).toBe(200);
  return admin;
}

describe('maker-checker counts people', () => {
  it('two keys of one user cannot check each other; a key of another user can', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    await separateConfirmer(org);
    const maker = await createUserSessionFetch(org.orgId, 'approver');
    const makerKey = apiClient(
      await addApiKey(org.orgId, { role: 'approver', createdByUserId: maker.userId }),
    );
    const makerSecondKey = apiClient(
      await addApiKey(org.orgId, { role: 'approver', createdByUserId: maker.userId }),
    );
    const { batch } = await createBatch(org, makerKey);
    const refused = await confirm(makerSecondKey, batch.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('separate_confirmer_required');
    // Nor may the maker confirm in the portal, signed in.
    expect((await maker('POST', `/api/v2/payouts/${batch.id}/confirm`)).status).toBe(403);

    const checker = await createUserSessionFetch(org.orgId, 'approver');
    const checkerKey = apiClient(
      await addApiKey(org.orgId, { role: 'approver', createdByUserId: checker.userId }),
    );
    expect((await confirm(checkerKey, batch.id)).status).toBe(200);
  });

  it("an admin's batch cannot be confirmed with a key the admin creates", async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    const admin = await separateConfirmer(org);
    const created = await admin('POST', '/api/v2/payouts', { orders: [orderItem(org, '1000.00')] });
    expect(created.status).toBe(201);
    const batchId = (created.body as BatchWithOrders).batch.id;
    const minted = await admin('POST', '/api/v2/api-keys', { name: 'checker', role: 'approver' });
    expect(minted.status).toBe(201);
    const key = minted.body as {
      id: string;
      api_key: string;
      private_key_pem: string;
      shared_secret: string;
    };
    const adminKey = apiClient({
      apiKey: key.api_key,
      privateKeyPem: key.private_key_pem,
      sharedSecret: key.shared_secret,
    });
    const refused = await confirm(adminKey, batchId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('separate_confirmer_required');
    // A key no user created (the CLI's) is its own person: it may check the admin's batch.
    const cliKey = apiClient(await addApiKey(org.orgId, { role: 'approver' }));
    expect((await confirm(cliKey, batchId)).status).toBe(200);
  });
});

describe('makers (everyone who made what a batch pays) cannot confirm it', () => {
  const nameOf = async (table: 'users' | 'api_keys', id: string) => {
    const [row] = await db().execute<{ name: string }>(
      table === 'users'
        ? sql`select name from users where id = ${id}`
        : sql`select name from api_keys where id = ${id}`,
    );
    return row!.name;
  };

  it('an approver who changed the IBAN of a beneficiary the draft pays is refused; another approver confirms', async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    await completeBeneficiary(org);
    await separateConfirmer(org);
    const member = await createUserSessionFetch(org.orgId, 'member');
    const created = await member('POST', '/api/v2/payouts', { orders: [orderItem(org, '1000.00')] });
    expect(created.status).toBe(201);
    const { batch } = created.body as BatchWithOrders;
    expect(batch.makers).toEqual([
      { type: 'user', id: member.userId, name: await nameOf('users', member.userId), user_id: member.userId },
    ]);

    // The approver changes where the money goes, the review makes the beneficiary ready again, and the approver
    // reviews the batch as it now stands: still one of its makers.
    const editor = await createUserSessionFetch(org.orgId, 'approver');
    const patched = await editor('PATCH', `/api/v2/beneficiaries/${org.beneficiaries.EUR}`, {
      iban: 'DE75512108001245126199',
    });
    expect(patched.status).toBe(200);
    await reviewProfile(db(), 'beneficiary', org.beneficiaries.EUR);
    const reread = await editor('GET', `/api/v2/payouts/${batch.id}`);
    const current = (reread.body as BatchWithOrders).batch;
    expect(current.makers).toEqual([
      { type: 'user', id: member.userId, name: await nameOf('users', member.userId), user_id: member.userId },
      { type: 'user', id: editor.userId, name: await nameOf('users', editor.userId), user_id: editor.userId },
    ]);
    // The public event of the change carries the makers as of the change.
    const [outdated] = await eventsOf(org.client, batch.id, 'batch.review_outdated');
    expect(outdated!.data.object.makers.map((m) => m.id)).toEqual([member.userId, editor.userId]);

    const refused = await editor('POST', `/api/v2/payouts/${batch.id}/confirm`, {
      review_digest: current.review_digest,
    });
    expect(refused.status).toBe(403);
    expect((refused.body as ErrorBody).code).toBe('separate_confirmer_required');
    expect(await balanceOf(org.orgId)).toMatchObject({ held: '0.00' });

    const checker = await createUserSessionFetch(org.orgId, 'approver');
    const confirmed = await checker('POST', `/api/v2/payouts/${batch.id}/confirm`, {
      review_digest: current.review_digest,
    });
    expect(confirmed.status).toBe(200);
    expect((confirmed.body as BatchWithOrders).batch.makers).toHaveLength(2);
  });

  it("a re-quoter is refused, and so is a key the re-quoter created; a key's re-quote lists the key", async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    await separateConfirmer(org);
    const { batch } = await createBatch(org);
    const requoter = await createUserSessionFetch(org.orgId, 'approver');
    const requoted = await requoter('POST', `/api/v2/payouts/${batch.id}/quote`);
    expect(requoted.status).toBe(200);
    const digest = (requoted.body as BatchWithOrders).batch.review_digest;
    expect((requoted.body as BatchWithOrders).batch.makers).toEqual([
      {
        type: 'api_key',
        id: org.credentials.apiKeyId,
        name: await nameOf('api_keys', org.credentials.apiKeyId),
        user_id: null,
      },
      {
        type: 'user',
        id: requoter.userId,
        name: await nameOf('users', requoter.userId),
        user_id: requoter.userId,
      },
    ]);

    const refused = await requoter('POST', `/api/v2/payouts/${batch.id}/confirm`, { review_digest: digest });
    expect(refused.status).toBe(403);
    expect((refused.body as ErrorBody).code).toBe('separate_confirmer_required');
    const requotersKey = apiClient(
      await addApiKey(org.orgId, { role: 'approver', createdByUserId: requoter.userId }),
    );
    // The key's own re-quote lists it as the requoter's: the person a client compares with the signed-in user.
    const keyRequote = await callJson<BatchWithOrders>(
      requotersKey,
      'POST',
      `/api/v2/payouts/${batch.id}/quote`,
    );
    expect(keyRequote.body.batch.makers.at(-1)).toMatchObject({ type: 'api_key', user_id: requoter.userId });
    const byKey = await confirm(requotersKey, batch.id, {
      review_digest: keyRequote.body.batch.review_digest,
    });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe('separate_confirmer_required');

    // A key no user created re-quotes: that key is a maker (its own person), listed once however often it re-quotes.
    const loneKey = apiClient(await addApiKey(org.orgId, { role: 'approver' }));
    expect((await callJson(loneKey, 'POST', `/api/v2/payouts/${batch.id}/quote`)).status).toBe(200);
    const again = await callJson<BatchWithOrders>(loneKey, 'POST', `/api/v2/payouts/${batch.id}/quote`);
    expect(again.body.batch.makers.map((m) => m.type)).toEqual(['api_key', 'user', 'api_key', 'api_key']);
    expect(again.body.batch.makers[3]).toMatchObject({ type: 'api_key', user_id: null });
    expect((await confirm(loneKey, batch.id)).status).toBe(403);

    const checker = await createUserSessionFetch(org.orgId, 'approver');
    expect((await checker('POST', `/api/v2/payouts/${batch.id}/confirm`)).status).toBe(200);
  });

  it("an approver who changes only a beneficiary's contact address is no maker", async () => {
    const org = await createPayoutOrg({ balance: '10000' });
    await completeBeneficiary(org);
    await separateConfirmer(org);
    const { batch } = await createBatch(org);
    const approver = await createUserSessionFetch(org.orgId, 'approver');
    const patched = await approver('PATCH', `/api/v2/beneficiaries/${org.beneficiaries.EUR}`, {
      contact_email: 'ap@supplier.example',
    });
    expect(patched.status).toBe(200);
    const confirmed = await approver('POST', `/api/v2/payouts/${batch.id}/confirm`, {
      review_digest: batch.review_digest,
    });
    expect(confirmed.status).toBe(200);
    expect((confirmed.body as BatchWithOrders).batch.makers).toHaveLength(1);
  });
});
