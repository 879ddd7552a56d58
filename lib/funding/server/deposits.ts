// Owns crediting incoming USDT deposits to an organization's available balance (the custody adapter reports them).
import type { Executor } from '@/db/client';
import { deposits } from '@/db/schema/funding';
import type { DepositWire } from '@/lib/funding/contract/schemas';
import { lockOrgFunds, postTransaction, systemAccount } from '@/lib/ledger/server';
import { custody } from '@/lib/platform/adapters/custody';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { type AuditActor, SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { newId } from '@/lib/platform/ids';
import { dec, formatUsdt } from '@/lib/platform/money';
import { findFundingAddress } from './addresses';

export interface DepositInput {
  orgId: string;
  amount: string;
  chainCode?: string;
  /** The provider's hash of the transfer; without it, the custody adapter simulates one arriving. */
  transactionHash?: string;
  /** On-chain deposits: the Transfer log's index (a transaction may pay several addresses). */
  logIndex?: number;
  actor?: AuditActor;
  requestId?: string;
  /** When the deposit arrived, for imports and the demo seed; defaults to the organization's business time. */
  at?: Date;
}

/** Credits a deposit in one transaction: the deposit row, the balanced ledger movement and the event. */
export async function creditDeposit(executor: Executor, input: DepositInput): Promise<DepositWire> {
  // Custody run by people simulates nothing: its deposits are recorded and confirmed by operations (manual-deposits.ts).
  if (!input.transactionHash && custody().depositSource !== 'simulated')
    throw new ApiError(
      'conflict',
      `custody "${custody().name}" simulates no deposit: the provider's operations record deposits in the support console`,
      { code: 'invalid_state' },
    );
  return executor.transaction(async (tx) => {
    const chainCode = input.chainCode ?? 'tron';
    const address = await findFundingAddress(tx, input.orgId, chainCode);
    const amount = formatUsdt(dec(input.amount));
    // The organization's funding lock before the custody account, as withdrawals take them: a deposit that locked the
    // custody row first deadlocked with a withdrawal completing for the same organization (bench:pipeline's 500s).
    const accounts = await lockOrgFunds(tx, input.orgId);
    const custodyAccount = await systemAccount(tx, 'custody_external');
    const transactionHash =
      input.transactionHash ??
      (
        await custody().simulateIncomingTransfer({
          chain: { code: address.chainCode, addressFormat: address.addressFormat },
          address: address.address,
          amount,
        })
      ).transactionHash;
    // The id is made first so the ledger transaction can name its cause.
    const depositId = newId();
    // One time base with the organization's orders and batches (DESIGN "Time bases"): its sandbox clock.
    const at = input.at ?? (await businessNow(tx, input.orgId));

    const ledgerTransactionId = await postTransaction(tx, {
      orgId: input.orgId,
      type: 'deposit',
      description: `USDT deposit on ${address.chainName}`,
      referenceType: 'deposit',
      referenceId: depositId,
      metadata: { chain: chainCode, transaction_hash: transactionHash },
      createdAt: at,
      entries: [
        { accountId: custodyAccount, amount: dec(amount).negated().toFixed() },
        { accountId: accounts.available, amount },
      ],
    });
    const [deposit] = await tx
      .insert(deposits)
      .values({
        id: depositId,
        orgId: input.orgId,
        fundingAddressId: address.id,
        chainId: address.chainId,
        amount,
        transactionHash,
        logIndex: input.logIndex ?? null,
        ledgerTransactionId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const wire: DepositWire = {
      id: deposit!.id,
      amount,
      currency: 'USDT',
      chain_id: address.chainId,
      chain: address.chainCode,
      address: address.address,
      transaction_hash: transactionHash,
      status: 'credited',
      created_at: deposit!.createdAt.toISOString(),
    };
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'funding.deposit_credited',
      actor: input.actor ?? SYSTEM_ACTOR,
      subjectId: deposit!.id,
      data: wire,
      requestId: input.requestId ?? null,
      createdAt: at,
    });
    return wire;
  });
}
