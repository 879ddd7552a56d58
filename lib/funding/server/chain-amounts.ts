// Owns turning a token amount as the chain records it (an integer in the token's smallest unit) into the USDT the
// ledger keeps (6 decimals): rounded down, in bigint, so no unit is ever credited that did not arrive.
import { USDT_MAX_DECIMALS } from '@/lib/platform/money';

const SCALE = 10n ** BigInt(USDT_MAX_DECIMALS);

/** `raw` units of a token with `decimals` as a 6-decimal USDT string, rounded down (18-decimal dust is dropped). */
export function creditedUsdt(raw: bigint, decimals: number): string {
  if (raw < 0n) throw new Error('a token amount is never negative');
  const micro =
    decimals >= USDT_MAX_DECIMALS
      ? raw / 10n ** BigInt(decimals - USDT_MAX_DECIMALS)
      : raw * 10n ** BigInt(USDT_MAX_DECIMALS - decimals);
  return `${micro / SCALE}.${(micro % SCALE).toString().padStart(USDT_MAX_DECIMALS, '0')}`;
}
