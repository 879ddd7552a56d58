// Owns custody run by the provider's operations (CUSTODY_ADAPTER=manual) on the funding side: the deposit address they
// enter per organization and chain, and deposits recorded by one person and credited only when another confirms —
// through `creditDeposit`, like every deposit (deposit row, balanced ledger movement, public event).
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { deposits, fundingAddresses, manualDeposits } from '@/db/schema/funding';
import { organizations } from '@/db/schema/identity/organizations';
import { chains } from '@/db/schema/platform/chains';
import type {
  enterDepositAddressBody,
  ManualDepositWire,
  manualDepositListQuery,
  recordManualDepositBody,
  rejectManualDepositBody,
} from '@/lib/funding/contract/support-schemas';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { custody } from '@/lib/platform/adapters/custody';
import { isValidAddress } from '@/lib/platform/chains/addresses';
import { now } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { dec, formatUsdt } from '@/lib/platform/money';
import { creditDeposit } from './deposits';

const staff = (actor: StaffActor) => userAuditActor(actor.userId, true);

async function organizationExists(executor: Executor, orgId: string): Promise<void> {
  const [org] = await executor
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) throw ApiError.notFound('Organization');
}

async function chainByCode(executor: Executor, code: string) {
  const [chain] = await executor.select().from(chains).where(eq(chains.code, code));
  if (!chain)
    throw ApiError.businessRule(`chain: no chain "${code}"`, { code: 'chain_not_found', param: 'chain' });
  return chain;
}

/** `PUT /support/organizations/{orgId}/deposit-addresses/{chain}`: set once, validated by the chain's format. */
export async function enterDepositAddress(
  executor: Executor,
  actor: StaffActor,
  orgId: string,
  chainCode: string,
  body: z.output<typeof enterDepositAddressBody>,
) {
  assertNotViewing(actor);
  if (custody().depositAddresses !== 'entered_by_operations')
    throw new ApiError('conflict', `custody "${custody().name}" allocates deposit addresses itself`, {
      code: 'invalid_state',
    });
  return executor.transaction(async (tx) => {
    await organizationExists(tx, orgId);
    const chain = await chainByCode(tx, chainCode);
    if (!isValidAddress(chain.addressFormat, body.address))
      throw ApiError.validation([
        {
          field: 'address',
          code: 'invalid_format',
          message: `address: not a valid ${chain.name} address (${chain.addressFormat === 'tron' ? 'base58check, starting with T' : '0x and 40 hex digits with the EIP-55 checksum'})`,
        },
      ]);
    const [existing] = await tx
      .select()
      .from(fundingAddresses)
      .where(and(eq(fundingAddresses.orgId, orgId), eq(fundingAddresses.chainId, chain.id)))
      .for('update');
    let row = existing;
    if (existing && existing.address !== body.address)
      throw new ApiError(
        'conflict',
        `the organization's ${chain.name} deposit address is already ${existing.address}: it is set once, since deposits name it`,
        { code: 'invalid_state' },
      );
    if (!existing) {
      [row] = await tx
        .insert(fundingAddresses)
        .values({ orgId, chainId: chain.id, address: body.address, createdAt: now() })
        .returning();
      await recordEvent(tx, {
        orgId,
        type: 'funding_address.entered',
        actor: staff(actor),
        subjectId: row!.id,
        data: { chain: chain.code, address: body.address },
      });
    }
    return {
      org_id: orgId,
      chain: chain.code,
      address: row!.address,
      created_at: row!.createdAt.toISOString(),
    };
  });
}

const m = manualDeposits;
const manualFields = {
  id: m.id,
  orgId: m.orgId,
  orgName: organizations.name,
  chain: chains.code,
  amount: m.amount,
  transactionHash: m.transactionHash,
  status: m.status,
  recordedByUserId: m.recordedByUserId,
  decidedByUserId: m.decidedByUserId,
  decidedAt: m.decidedAt,
  rejectionReason: m.rejectionReason,
  depositId: m.depositId,
  createdAt: m.createdAt,
};

function manualSelect(executor: Executor) {
  return executor
    .select(manualFields)
    .from(m)
    .innerJoin(organizations, eq(organizations.id, m.orgId))
    .innerJoin(chains, eq(chains.id, m.chainId));
}
type ManualRow = Awaited<ReturnType<typeof manualSelect>>[number];

function toWire(row: ManualRow): ManualDepositWire {
  return {
    id: row.id,
    org_id: row.orgId,
    org_name: row.orgName,
    chain: row.chain,
    amount: formatUsdt(dec(row.amount)),
    transaction_hash: row.transactionHash,
    status: row.status,
    recorded_by_user_id: row.recordedByUserId,
    decided_by_user_id: row.decidedByUserId,
    decided_at: row.decidedAt?.toISOString() ?? null,
    rejection_reason: row.rejectionReason,
    deposit_id: row.depositId,
    created_at: row.createdAt.toISOString(),
  };
}

async function readManual(executor: Executor, id: string): Promise<ManualDepositWire> {
  const [row] = await manualSelect(executor).where(eq(m.id, id));
  if (!row) throw ApiError.notFound('Deposit');
  return toWire(row);
}

export async function listManualDeposits(
  executor: Executor,
  query: z.output<typeof manualDepositListQuery>,
): Promise<{ data: ManualDepositWire[] }> {
  const rows = await manualSelect(executor)
    .where(query.status ? eq(m.status, query.status) : undefined)
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(500);
  return { data: rows.map(toWire) };
}

/** `POST /support/deposits`: recorded, not credited; once per (chain, hash) across recorded and credited deposits. */
export async function recordManualDeposit(
  executor: Executor,
  actor: StaffActor,
  body: z.output<typeof recordManualDepositBody>,
): Promise<ManualDepositWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    await organizationExists(tx, body.org_id);
    const chain = await chainByCode(tx, body.chain);
    const [address] = await tx
      .select({ id: fundingAddresses.id })
      .from(fundingAddresses)
      .where(and(eq(fundingAddresses.orgId, body.org_id), eq(fundingAddresses.chainId, chain.id)));
    if (!address)
      throw new ApiError(
        'conflict',
        `the organization has no deposit address on ${chain.code}: enter it first`,
        {
          code: 'deposit_address_missing',
        },
      );
    const used = (status: string) =>
      new ApiError(
        'conflict',
        `a deposit with this transaction hash on ${chain.code} is already recorded (${status}): each transfer is credited once`,
        { code: 'transaction_already_recorded' },
      );
    const [credited] = await tx
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.chainId, chain.id), eq(deposits.transactionHash, body.transaction_hash)));
    if (credited) throw used('credited');
    // The unique index decides a race between two people recording the same transfer.
    const [row] = await tx
      .insert(m)
      .values({
        orgId: body.org_id,
        chainId: chain.id,
        amount: body.amount,
        transactionHash: body.transaction_hash,
        recordedByUserId: actor.userId,
      })
      .onConflictDoNothing()
      .returning({ id: m.id });
    if (!row) {
      const [first] = await tx
        .select({ status: m.status })
        .from(m)
        .where(and(eq(m.chainId, chain.id), eq(m.transactionHash, body.transaction_hash)));
      throw used(first?.status ?? 'recorded');
    }
    await recordEvent(tx, {
      orgId: body.org_id,
      type: 'deposit.recorded',
      actor: staff(actor),
      subjectId: row.id,
      data: {
        chain: chain.code,
        amount: formatUsdt(dec(body.amount)),
        transaction_hash: body.transaction_hash,
      },
    });
    return readManual(tx, row.id);
  });
}

async function lockRecorded(tx: Executor, id: string) {
  const [row] = await tx.select().from(m).where(eq(m.id, id)).for('update');
  if (!row) throw ApiError.notFound('Deposit');
  if (row.status !== 'recorded')
    throw new ApiError('conflict', `the deposit is already ${row.status}`, { code: 'invalid_state' });
  return row;
}

/** `POST /support/deposits/{id}/confirm`: another person confirms; the organization is credited once. */
export async function confirmManualDeposit(
  executor: Executor,
  actor: StaffActor,
  id: string,
  requestId: string | null,
): Promise<ManualDepositWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const row = await lockRecorded(tx, id);
    if (row.recordedByUserId === actor.userId)
      throw new ApiError(
        'forbidden',
        'four eyes: someone other than the person who recorded the deposit confirms it',
        {
          code: 'second_person_required',
        },
      );
    const [chain] = await tx.select({ code: chains.code }).from(chains).where(eq(chains.id, row.chainId));
    const credited = await creditDeposit(tx, {
      orgId: row.orgId,
      amount: row.amount,
      chainCode: chain!.code,
      transactionHash: row.transactionHash,
      actor: staff(actor),
      requestId: requestId ?? undefined,
    });
    const at = now();
    await tx
      .update(m)
      .set({
        status: 'confirmed',
        decidedByUserId: actor.userId,
        decidedAt: at,
        depositId: credited.id,
        updatedAt: at,
      })
      .where(eq(m.id, id));
    return readManual(tx, id);
  });
}

/** `POST /support/deposits/{id}/reject`: nothing is credited; the hash stays used. */
export async function rejectManualDeposit(
  executor: Executor,
  actor: StaffActor,
  id: string,
  body: z.output<typeof rejectManualDepositBody>,
): Promise<ManualDepositWire> {
  assertNotViewing(actor);
  return executor.transaction(async (tx) => {
    const row = await lockRecorded(tx, id);
    const at = now();
    await tx
      .update(m)
      .set({
        status: 'rejected',
        decidedByUserId: actor.userId,
        decidedAt: at,
        rejectionReason: body.reason,
        updatedAt: at,
      })
      .where(eq(m.id, id));
    await recordEvent(tx, {
      orgId: row.orgId,
      type: 'deposit.rejected',
      actor: staff(actor),
      subjectId: id,
      data: { reason: body.reason },
    });
    return readManual(tx, id);
  });
}
