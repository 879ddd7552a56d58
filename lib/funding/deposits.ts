// Owns crediting incoming USDT deposits to an organization's available balance (the sandbox simulates them).
import { randomBytes } from 'node:crypto';
import type { Executor } from '@/db/client';
import type { ActorType } from '@/db/schema/events';
import { deposits } from '@/db/schema/funding';
import { recordEvent } from '@/lib/events/record-event';
import { newId } from '@/lib/ids';
import { ensureOrgAccounts, systemAccount } from '@/lib/ledger/accounts';
import { postTransaction } from '@/lib/ledger/post-transaction';
import { dec, formatUsdt } from '@/lib/money';
import type { DepositWire } from '@/lib/schemas/funding';
import { findFundingAddress } from './addresses';

export interface DepositInput {
  orgId: string;
  amount: string;
  chainCode?: string;
  transactionHash?: string;
  actor?: { actorType: ActorType; actorId: string | null; impersonationSessionId?: string | null };
  requestId?: string;
  /** When the deposit arrived, for imports and the demo seed; defaults to now. */
  at?: Date;
}

/** Credits a deposit in one transaction: the deposit row, the balanced ledger movement and the event. */
export async function creditDeposit(executor: Executor, input: DepositInput): Promise<DepositWire> {
  return executor.transaction(async (tx) => {
    const chainCode = input.chainCode ?? 'tron';
    const address = await findFundingAddress(tx, input.orgId, chainCode);
    const amount = formatUsdt(dec(input.amount));
    const accounts = await ensureOrgAccounts(tx, input.orgId);
    const custody = await systemAccount(tx, 'custody_external');
    const transactionHash = input.transactionHash ?? simulatedTransactionHash(chainCode);
    // The id is made first so the ledger transaction can name its cause.
    const depositId = newId();

    const ledgerTransactionId = await postTransaction(tx, {
      orgId: input.orgId,
      type: 'deposit',
      description: `USDT deposit on ${address.chainName}`,
      referenceType: 'deposit',
      referenceId: depositId,
      metadata: { chain: chainCode, transaction_hash: transactionHash },
      createdAt: input.at,
      entries: [
        { accountId: custody, amount: dec(amount).negated().toFixed() },
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
        ledgerTransactionId,
        ...(input.at ? { createdAt: input.at, updatedAt: input.at } : {}),
      })
      .returning();
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'funding.deposit.credited',
      actorType: input.actor?.actorType ?? 'system',
      actorId: input.actor?.actorId ?? null,
      impersonationSessionId: input.actor?.impersonationSessionId ?? null,
      subjectType: 'deposit',
      subjectId: deposit!.id,
      data: { amount, chain: chainCode, transaction_hash: transactionHash },
      requestId: input.requestId ?? null,
      createdAt: input.at,
    });
    return {
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
  });
}

function simulatedTransactionHash(chainCode: string): string {
  const hex = randomBytes(32).toString('hex');
  return chainCode === 'tron' ? hex : `0x${hex}`;
}
