// Owns generation of random credentials (API keys, shared secrets) and ES256 key pairs.
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A fresh P-256 key pair: private key as PKCS#8 PEM (shown once), public key as SPKI PEM (stored). */
export function generateEs256KeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** Normalises a registered public key to SPKI PEM; throws unless it is an EC P-256 key. */
export function normalizeP256PublicKey(pem: string): string {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('public key must be an EC P-256 (prime256v1) key');
  }
  return key.export({ type: 'spki', format: 'pem' }).toString();
}
