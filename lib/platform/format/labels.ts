// Owns how codes read to a person: statuses in sentence case ("SUBMITTED" → "Submitted"), chains by their proper
// names ("tron" → "TRON"), never the raw code of the API.

/** "AWAITING_CONFIRMATION" → "Awaiting confirmation"; "CANCELLED_EXPIRED" → "Cancelled (expired)". */
export function statusLabel(status: string): string {
  if (status === 'CANCELLED_EXPIRED') return 'Cancelled (expired)';
  const words = status.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A withdrawal's step in words, named for who it waits on: `pending_approval` waits for a second person of the
 * organization (its approval policy), `awaiting_approval` for the custody provider's own policy. The codes alone read
 * the same ("pending approval", "awaiting approval"), so each says whose approval it is.
 */
const WITHDRAWAL_STEPS: Record<string, string> = {
  pending_approval: 'Waiting for a second approver',
  awaiting_approval: 'Waiting for custody approval',
  broadcasting: 'Sent, waiting for a block',
  confirming: 'In a block, gathering confirmations',
  needs_review: 'Under review: the transfer on chain did not match',
};

/** "pending_approval" → "Waiting for a second approver"; any other step as its status label. */
export function withdrawalStepLabel(subStatus: string): string {
  return WITHDRAWAL_STEPS[subStatus] ?? statusLabel(subStatus);
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
