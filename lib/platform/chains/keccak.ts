// Owns Keccak-256 (the pre-standard SHA-3 Ethereum uses, for EIP-55 checksums): node:crypto only has FIPS SHA3-256,
// whose padding differs, so @noble/hashes (audited, constant-time) does the hashing.
import { Keccak, keccak_256 } from '@noble/hashes/sha3.js';

/**
 * The Keccak sponge with a 256-bit output and capacity 512 (rate 136 bytes). `domainByte` is 0x01 for Keccak-256
 * and 0x06 for FIPS SHA3-256; exported for the test that checks this sponge against node's SHA3-256.
 */
export function sponge256(data: Uint8Array, domainByte: number): Uint8Array {
  return new Keccak(136, domainByte, 32).update(data).digest();
}

export function keccak256(data: Uint8Array | string): Uint8Array {
  return keccak_256(typeof data === 'string' ? new TextEncoder().encode(data) : data);
}

export function keccak256Hex(data: Uint8Array | string): string {
  return Buffer.from(keccak256(data)).toString('hex');
}
