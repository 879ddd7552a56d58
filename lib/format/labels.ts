// Owns how codes read to a person: statuses in sentence case ("SUBMITTED" → "Submitted"), chains by their proper
// names ("tron" → "TRON"), never the raw code of the API.

/** "AWAITING_CONFIRMATION" → "Awaiting confirmation"; "pending_approval" → "Pending approval"; "CANCELLED_EXPIRED" → "Cancelled (expired)". */
export function statusLabel(status: string): string {
  if (status === 'CANCELLED_EXPIRED') return 'Cancelled (expired)';
  const words = status.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The names the chains go by; a code not listed reads capitalized. */
const CHAIN_NAMES: Record<string, string> = {
  tron: 'TRON',
  ethereum: 'Ethereum',
  bsc: 'BNB Smart Chain',
  polygon: 'Polygon',
  solana: 'Solana',
  arbitrum: 'Arbitrum',
  avalanche: 'Avalanche',
  ton: 'TON',
};

/** "tron" → "TRON", "ethereum" → "Ethereum". */
export function chainName(code: string): string {
  const known = CHAIN_NAMES[code.toLowerCase()];
  if (known) return known;
  return code.charAt(0).toUpperCase() + code.slice(1);
}

/** A long identifier (address, hash) with its middle elided: "TXYZabcd…wxyz1234"; the full value belongs in a title or a copy button. */
export function shortenMiddle(value: string, keep = 8): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}
