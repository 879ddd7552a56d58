// Owns which EIP-155 chain ids this deployment knows and the chain row each maps to (CUSTODY_EVM_CHAIN_ID): the rows
// come from migrations (decision record 0311); a network added later adds its row and its line here together.
export const EVM_CHAIN_CODES: Readonly<Record<number, string>> = {
  1: 'ethereum',
};

/** The chain code of an EIP-155 id, or undefined for one this deployment does not know. */
export function evmChainCode(evmChainId: number): string | undefined {
  return Object.hasOwn(EVM_CHAIN_CODES, evmChainId) ? EVM_CHAIN_CODES[evmChainId] : undefined;
}

export function knownEvmChains(): string {
  return Object.entries(EVM_CHAIN_CODES)
    .map(([id, code]) => `${id} ${code}`)
    .join(', ');
}
