// Owns blockchain address formats: TRON base58check and EVM hex with EIP-55 checksums (validation and sandbox generation).
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, createBase58check } from '@scure/base';
import { keccak256Hex } from './keccak';

export type AddressFormat = 'tron' | 'evm';

/** Version byte of TRON mainnet addresses (which is why they all start with `T`). */
export const TRON_ADDRESS_VERSION = 0x41;

// base58check's 4-byte checksum is the start of SHA-256(SHA-256(payload)).
const base58check = createBase58check(sha256);

export function base58Encode(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

/** Null for a string with a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}

export function base58CheckEncode(payload: Uint8Array): string {
  return base58check.encode(payload);
}

/** The payload of a base58check string, or null if it is malformed or its checksum does not match. */
export function base58CheckDecode(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

/** A TRON address: base58check of 0x41 followed by the 20-byte account id (34 characters, starting with T). */
export function isValidTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const payload = base58CheckDecode(address);
  return payload !== null && payload.length === 21 && payload[0] === TRON_ADDRESS_VERSION;
}

/** The base58 form of a TRON address given in hex (`41…`, 42 hex digits), as explorers and nodes print both. */
export function tronAddressFromHex(hex: string): string {
  if (!/^41[0-9a-fA-F]{40}$/.test(hex)) throw new Error('a TRON hex address is 41 followed by 40 hex digits');
  return base58CheckEncode(Buffer.from(hex, 'hex'));
}

/** The EIP-55 mixed-case form of a 20-byte hex address: a letter is upper case where keccak256 of the address says so. */
export function toChecksumAddress(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('an EVM address is 0x followed by 40 hex digits');
  const lower = address.slice(2).toLowerCase();
  const hash = keccak256Hex(lower);
  let out = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower[i]!;
    out += Number.parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/**
 * An EVM address: 0x and 40 hex digits. A mixed-case address must carry a correct EIP-55 checksum (a mistyped
 * character then fails); all-lower or all-upper case carries no checksum and is accepted unless `requireChecksum`.
 */
export function isValidEvmAddress(address: string, options: { requireChecksum?: boolean } = {}): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const digits = address.slice(2);
  const unchecked = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (unchecked && !options.requireChecksum) return true;
  return toChecksumAddress(address) === address;
}

export function isValidAddress(format: AddressFormat, address: string): boolean {
  return format === 'tron' ? isValidTronAddress(address) : isValidEvmAddress(address);
}

/** A valid-format address for the sandbox (random account bytes: nobody holds its key, so nothing real is sent). */
export function sandboxAddress(format: AddressFormat, accountBytes: Uint8Array = randomBytes(20)): string {
  if (accountBytes.length !== 20) throw new Error('an account id is 20 bytes');
  if (format === 'tron') return base58CheckEncode(Uint8Array.from([TRON_ADDRESS_VERSION, ...accountBytes]));
  return toChecksumAddress(`0x${Buffer.from(accountBytes).toString('hex')}`);
}
