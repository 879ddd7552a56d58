// Owns the payouts desk (PAYOUT_RAIL_ADAPTER=operations): the provider's operations list the orders to pay, mark them
// sent from the bank and, another person, record each outcome — every step through the payouts state machine
// (applyTransitions: events, webhooks, ledger, receipts), exactly as the sandbox's automatic steps move orders.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { paymentFileOrders, payoutOrders } from '@/db/schema/payouts';
import type { ServiceActor } from '@/lib/identity/server';
import type {
  DeskOrderWire,
  DeskPayeeWire,
  DeskWire,
  markSentBody,
  recordOutcomeBody,
} from '@/lib/payouts/contract/desk-schemas';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { businessNow } from '@/lib/platform/clock';
import { decryptSecret } from '@/lib/platform/crypto/secrets';
import { ApiError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { formatFiat, isFiatCurrency } from '@/lib/platform/money';
import { applyTransitions } from './apply-transitions';
import { activePayoutAccounts, type PayoutAccountRow, toWirePayoutAccount } from './payout-accounts';

/** The most orders the desk lists per state (oldest first): a day's work, not an archive. */
const DESK_LIMIT = 1000;

const o = payoutOrders;
const deskFields = {
  id: o.id,
  orgId: o.orgId,
  orgName: organizations.name,
  batchId: o.batchId,
  status: o.status,
  beneficiaryAmount: o.beneficiaryAmount,
  beneficiaryCurrency: o.beneficiaryCurrency,
  beneficiaryName: sql<string>`${o.parties}->'beneficiary'->>'name'`,
  beneficiaryCountry: sql<string>`${o.parties}->'beneficiary'->>'country'`,
  bankName: sql<string | null>`${o.parties}->'beneficiary'->>'bankName'`,
  swiftBic: sql<string | null>`${o.parties}->'beneficiary'->>'swiftBic'`,
  accountLast4: sql<string | null>`coalesce(${o.parties}->'beneficiary'->>'ibanLast4',
    ${o.parties}->'beneficiary'->>'accountNumberLast4')`,
  trackingReference: o.trackingReference,
  bankReference: o.bankReference,
  failureMessage: o.failureMessage,
  payoutAccountId: o.payoutAccountId,
  sentByUserId: o.sentByUserId,
  paymentFileId: sql<string | null>`(select ${paymentFileOrders.fileId} from ${paymentFileOrders}
    where ${paymentFileOrders.orderId} = ${o.id} and not ${paymentFileOrders.released} limit 1)`,
  updatedAt: o.updatedAt,
};
type DeskRow = SelectResultFields<typeof deskFields>;

function toWireDeskOrder(row: DeskRow): DeskOrderWire {
  return {
    id: row.id,
    org_id: row.orgId,
    org_name: row.orgName,
    batch_id: row.batchId,
    status: row.status,
    beneficiary_amount: isFiatCurrency(row.beneficiaryCurrency)
      ? formatFiat(row.beneficiaryAmount, row.beneficiaryCurrency)
      : row.beneficiaryAmount,
    beneficiary_currency: row.beneficiaryCurrency,
    beneficiary_name: row.beneficiaryName,
    beneficiary_country: row.beneficiaryCountry,
    bank_name: row.bankName,
    swift_bic: row.swiftBic,
    account_last4: row.accountLast4,
    tracking_reference: row.trackingReference,
    bank_reference: row.bankReference,
    failure_message: row.failureMessage,
    payout_account_id: row.payoutAccountId,
    sent_by_user_id: row.sentByUserId,
    payment_file_id: row.paymentFileId,
    updated_at: row.updatedAt.toISOString(),
  };
}

async function deskOrders(
  executor: Executor,
  where: ReturnType<typeof and>,
  limit = DESK_LIMIT,
): Promise<DeskRow[]> {
  return executor
    .select(deskFields)
    .from(o)
    .innerJoin(organizations, eq(organizations.id, o.orgId))
    .where(where)
    .orderBy(asc(o.updatedAt), asc(o.id))
    .limit(limit);
}

function grouped(rows: DeskRow[], accounts: Map<string, PayoutAccountRow>): DeskWire['to_pay'] {
  const groups = new Map<string, DeskWire['to_pay'][number]>();
  for (const row of rows) {
    const account = accounts.get(row.beneficiaryCurrency);
    // In flight, an order belongs to the account it was paid from; to pay, to its currency's active account.
    const accountId = row.payoutAccountId ?? account?.id ?? null;
    const key = `${row.beneficiaryCurrency}:${accountId ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        currency: row.beneficiaryCurrency,
        payout_account: account && account.id === accountId ? toWirePayoutAccount(account) : null,
        orders: [],
      };
      groups.set(key, group);
    }
    group.orders.push(toWireDeskOrder(row));
  }
  return [...groups.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** `GET /support/desk`: every organization's orders to pay and in flight (a provider-wide staff page). */
export async function getPayoutsDesk(executor: Executor): Promise<DeskWire> {
  const [toPay, inFlight, accounts] = await Promise.all([
    deskOrders(executor, and(eq(o.status, 'DEPOSIT_RECEIVED'))),
    deskOrders(executor, and(eq(o.status, 'PAYING_BENEFICIARY'))),
    activePayoutAccounts(executor),
  ]);
  return { to_pay: grouped(toPay, accounts), in_flight: grouped(inFlight, accounts) };
}

/** The staff member acting on one organization's orders: events name them (staff) for that organization's history. */
export function staffFor(actor: StaffActor, orgId: string, requestId: string | null): ServiceActor {
  return {
    orgId,
    userId: null,
    apiKeyId: null,
    personId: actor.userId,
    audit: userAuditActor(actor.userId, true),
    requestId,
  };
}

/**
 * `POST /support/desk/sent`: DEPOSIT_RECEIVED → PAYING_BENEFICIARY for every order named, each with a fresh UETR (v4
 * UUID) and its currency's active payout account; all or nothing, one transaction across organizations.
 */
export async function markOrdersSent(
  executor: Executor,
  actor: StaffActor,
  body: z.output<typeof markSentBody>,
  requestId: string | null,
): Promise<{ data: DeskOrderWire[] }> {
  assertNotViewing(actor);
  const ids = [...new Set(body.order_ids)];
  return executor.transaction(async (tx) => {
    // An order in a built payment file goes to the bank with that file: sending it by hand too would pay it twice.
    const [inFile] = await tx
      .select({ orderId: paymentFileOrders.orderId, fileId: paymentFileOrders.fileId })
      .from(paymentFileOrders)
      .where(and(inArray(paymentFileOrders.orderId, ids), not(paymentFileOrders.released)))
      .limit(1);
    if (inFile)
      throw new ApiError(
        'conflict',
        `order ${inFile.orderId} is in payment file ${inFile.fileId}: mark that file sent, or cancel it first`,
        { code: 'invalid_state' },
      );
    await sendOrders(tx, actor, ids, requestId);
    return { data: (await deskOrders(tx, and(inArray(o.id, ids)), ids.length)).map(toWireDeskOrder) };
  });
}

/** What a payment file fixed for an order before it was sent: the UETR in the file and the debtor account. */
export interface SentAs {
  uetr: string;
  payoutAccountId: string;
}

/**
 * Moves the orders DEPOSIT_RECEIVED → PAYING_BENEFICIARY in the caller's transaction (all or nothing). Orders sent
 * through a payment file carry the UETR and account the file was built with (`sentAs`); others get a fresh UETR and
 * their currency's active account.
 */
export async function sendOrders(
  tx: Executor,
  actor: StaffActor,
  ids: readonly string[],
  requestId: string | null,
  sentAs?: ReadonlyMap<string, SentAs>,
): Promise<void> {
  const owners = await tx
    .select({ id: o.id, orgId: o.orgId })
    .from(o)
    .where(inArray(o.id, [...ids]))
    .orderBy(o.orgId);
  const missing = ids.filter((id) => !owners.some((row) => row.id === id));
  if (missing.length > 0) throw ApiError.notFound(`Order ${missing[0]}`);
  const accounts = await activePayoutAccounts(tx);
  const byOrg = new Map<string, string[]>();
  for (const row of owners) byOrg.set(row.orgId, [...(byOrg.get(row.orgId) ?? []), row.id]);
  for (const [orgId, orderIds] of byOrg) {
    const at = await businessNow(tx, orgId);
    await applyTransitions(tx, staffFor(actor, orgId, requestId), at, { orderIds }, (order) => {
      if (order.status !== 'DEPOSIT_RECEIVED')
        throw new ApiError(
          'conflict',
          `order ${order.id} is ${order.status}: only DEPOSIT_RECEIVED orders are sent`,
          {
            code: 'invalid_state',
          },
        );
      const fixed = sentAs?.get(order.id);
      const account = accounts.get(order.beneficiaryCurrency);
      if (!fixed && !account)
        throw new ApiError(
          'conflict',
          `no active payout account for ${order.beneficiaryCurrency}: a support lead adds one before orders in ${order.beneficiaryCurrency} are marked sent`,
          { code: 'payout_account_missing' },
        );
      return {
        to: 'PAYING_BENEFICIARY',
        trackingReference: fixed?.uetr ?? randomUUID(),
        sentByUserId: actor.userId,
        payoutAccountId: fixed?.payoutAccountId ?? account!.id,
      };
    });
  }
}

/**
 * `POST /support/desk/orders/{id}/outcome`: the bank paid it (COMPLETED, with the bank's reference) or returned it
 * (FAILED, the reason shown to the client); recorded by someone other than who marked it sent.
 */
export async function recordPayoutOutcome(
  executor: Executor,
  actor: StaffActor,
  orderId: string,
  body: z.output<typeof recordOutcomeBody>,
  requestId: string | null,
): Promise<DeskOrderWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const [owner] = await tx.select({ orgId: o.orgId }).from(o).where(eq(o.id, orderId));
    if (!owner) throw ApiError.notFound('Order');
    const at = await businessNow(tx, owner.orgId);
    await applyTransitions(
      tx,
      staffFor(actor, owner.orgId, requestId),
      at,
      { orderIds: [orderId] },
      (order) => {
        if (order.status !== 'PAYING_BENEFICIARY')
          throw new ApiError(
            'conflict',
            `order is ${order.status}: only an order marked sent has an outcome to record`,
            {
              code: 'invalid_state',
            },
          );
        if (order.sentByUserId === actor.userId)
          throw new ApiError(
            'forbidden',
            'four eyes: someone other than the person who marked the order sent records its outcome',
            { code: 'second_person_required' },
          );
        return body.outcome === 'paid'
          ? { to: 'COMPLETED', bankReference: body.bank_reference }
          : { to: 'FAILED', failureMessage: body.reason };
      },
    );
    const [row] = await deskOrders(tx, and(eq(o.id, orderId)), 1);
    return toWireDeskOrder(row!);
  });
}

/**
 * The payee's bank details in clear, from the order's confirmed snapshot (the caller records the staff read in the
 * same transaction). The ciphertext is bound to the beneficiary profile, as profiles seals it
 * (lib/profiles/server/sealed.ts: `<table>:<profile id>:<column>`); payouts cannot import profiles (profiles calls
 * payouts), so the context is spelled here.
 */
export async function readDeskPayee(
  executor: Executor,
  orgId: string,
  orderId: string,
): Promise<DeskPayeeWire> {
  const [row] = await executor
    .select({ profileId: o.beneficiaryProfileId, parties: o.parties })
    .from(o)
    .where(and(eq(o.orgId, orgId), eq(o.id, orderId)));
  if (!row) throw ApiError.notFound('Order');
  const b = row.parties.beneficiary;
  const open = (sealed: string | null, column: string) =>
    sealed === null ? null : decryptSecret(sealed, `beneficiary_profiles:${row.profileId}:${column}`);
  return {
    order_id: orderId,
    beneficiary_name: b.name,
    beneficiary_country: b.country,
    bank_name: b.bankName,
    bank_country: b.bankCountry,
    swift_bic: b.swiftBic,
    iban: open(b.ibanEncrypted, 'iban'),
    account_number: open(b.accountNumberEncrypted, 'account_number'),
    routing_code: b.routingCode,
    routing_code_type: b.routingCodeType,
  };
}
