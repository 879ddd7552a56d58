// Owns blockchain address formats: TRON base58check and EVM hex with EIP-55 checksums (validation and sandbox generation).
import { createHash, randomBytes } from 'node:crypto';
import { keccak256Hex } from './keccak';

export type AddressFormat = 'tron' | 'evm';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_INDEX = new Map([...BASE58_ALPHABET].map((char, index) => [char, BigInt(index)]));

/** Version byte of TRON mainnet addresses (which is why they all start with `T`). */
export const TRON_ADDRESS_VERSION = 0x41;

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = BASE58_ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  // Each leading zero byte is a leading '1' (the numeric value alone would drop them).
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** Null for a string with a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_INDEX.get(char);
    if (digit === undefined) return null;
    value = value * 58n + digit;
  }
  const body: number[] = [];
  while (value > 0n) {
    body.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  let zeros = 0;
  while (text[zeros] === '1') zeros += 1;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();

/** The 4-byte checksum of base58check: the start of SHA-256(SHA-256(payload)). */
function checksum(payload: Uint8Array): Buffer {
  return sha256(sha256(payload)).subarray(0, 4);
}

export function base58CheckEncode(payload: Uint8Array): string {
  return base58Encode(Buffer.concat([payload, checksum(payload)]));
}

/** The payload of a base58check string, or null if it is malformed or its checksum does not match. */
export function base58CheckDecode(text: string): Uint8Array | null {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return null;
  const payload = bytes.subarray(0, -4);
  return Buffer.from(bytes.subarray(-4)).equals(checksum(payload)) ? payload : null;
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
