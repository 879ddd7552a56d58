// Owns the chains the Custody page offers: the USDT chains every deployment knows from its migrations (TRON and
// Ethereum). No staff operation lists chains, and a chain the server does not know is refused there (404
// `chain_not_found`), so a list here can offer too little but never credit the wrong chain.
import type { SelectOption } from '@/components/ui/select';

export const CUSTODY_CHAINS: readonly SelectOption[] = [
  { value: 'tron', label: 'TRON' },
  { value: 'ethereum', label: 'Ethereum' },
];

/** The chain's name for a code from the API (the code itself for one this list does not know). */
export function chainName(code: string): string {
  const known = CUSTODY_CHAINS.find((chain) => chain.value === code);
  return typeof known?.label === 'string' ? known.label : code;
}
