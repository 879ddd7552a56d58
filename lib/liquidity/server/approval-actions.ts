// Owns filling a withdrawal's or a wallet's `actions` for the caller of a request (DESIGN "Approvals"): what only
// liquidity knows — whether it still waits, who asked for or added it — handed to the approvals area, which alone
// decides. Events keep `actions: null` (withdrawals.ts, wallets.ts): they have no caller.
import type { Executor } from '@/db/client';
import {
  type ActionCaller,
  actionCaller,
  type ObjectState,
  walletActions,
  withdrawalActions,
} from '@/lib/approvals/server';
import type { ServiceActor } from '@/lib/identity/server';
import type { WalletWire, WithdrawalWire } from '@/lib/liquidity/contract/schemas';

type Carrier<T> = T | { items: T[] };
type Maker = { id: string; user_id: string | null } | null;

function stateOf(waiting: boolean, maker: Maker, caller: ActionCaller): ObjectState {
  const person = caller.approver?.personId;
  return {
    closed: waiting ? null : 'Not waiting for approval',
    // A key counts as the user who created it; a key no user created is its own person.
    isMaker: person !== undefined && maker !== null && (maker.user_id ?? maker.id) === person,
  };
}

async function fill<T extends object>(
  executor: Executor,
  actor: ServiceActor,
  result: Carrier<T>,
  withActions: (item: T, caller: ActionCaller) => T,
): Promise<Carrier<T>> {
  const caller = await actionCaller(executor, actor);
  if ('items' in result) return { ...result, items: result.items.map((item) => withActions(item, caller)) };
  return withActions(result, caller);
}

/** A withdrawal (or a page of them) with its `actions` for this caller. */
export function withdrawalsForCaller<C extends Carrier<WithdrawalWire>>(
  executor: Executor,
  actor: ServiceActor,
  result: C,
): Promise<C> {
  return fill<WithdrawalWire>(executor, actor, result, (withdrawal, caller) => ({
    ...withdrawal,
    actions: withdrawalActions(
      withdrawal.approval,
      caller,
      stateOf(withdrawal.sub_status === 'pending_approval', withdrawal.requested_by, caller),
    ),
  })) as Promise<C>;
}

/** A wallet (or a page of them) with its `actions` for this caller. */
export function walletsForCaller<C extends Carrier<WalletWire>>(
  executor: Executor,
  actor: ServiceActor,
  result: C,
): Promise<C> {
  return fill<WalletWire>(executor, actor, result, (wallet, caller) => ({
    ...wallet,
    actions: walletActions(
      wallet.approval,
      caller,
      stateOf(wallet.status === 'PENDING_APPROVAL', wallet.added_by, caller),
    ),
  })) as Promise<C>;
}
