// Owns deriving deposit addresses from the provider's extended public key (CUSTODY_XPUB, BIP32 account level): the
// organization's address is child 0/<index>, so the server can name addresses and never spend from them. It loads no
// RPC library: the environment check (every process) and the funding area derive with @noble and @scure alone.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { toChecksumAddress } from './addresses';
import { keccak256Hex } from './keccak';

/** Largest non-hardened BIP32 child index (2^31 - 1): the per-organization sequence never reaches it. */
export const MAX_DERIVATION_INDEX = 0x7fff_ffff;

/**
 * Why an extended key cannot be the deposit key, or null when it can: it must parse (base58check, length) and be
 * public. A private key (xprv) is refused whatever else is true: no private key is ever configured.
 */
export function extendedPublicKeyProblem(value: string): string | null {
  if (/^[a-z]prv/.test(value)) return 'must be an extended public key (xpub…), never a private key';
  try {
    const key = HDKey.fromExtendedKey(value);
    if (key.privateKey) return 'must be an extended public key (xpub…), never a private key';
    return null;
  } catch {
    return 'must be a BIP32 extended public key (xpub…, base58check)';
  }
}

/** The checksummed address of child 0/<index> of the extended public key. */
export function deriveEvmAddress(xpub: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX)
    throw new Error(`derivation index ${index} is outside 0..${MAX_DERIVATION_INDEX}`);
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  // BIP32 gives the 33-byte compressed key; an Ethereum address hashes the 64-byte uncompressed point (no 0x04 prefix).
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey!).toBytes(false);
  return toChecksumAddress(`0x${keccak256Hex(uncompressed.slice(1)).slice(-40)}`);
}
