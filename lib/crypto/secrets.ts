// Owns encryption at rest (AES-256-GCM) of secrets such as API shared secrets; ciphertexts carry a key id for rotation.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';

function keyring(): { currentId: string; keys: Map<string, Buffer> } {
  const config = env();
  const keys = new Map<string, Buffer>([
    [config.ENCRYPTION_KEY_ID, Buffer.from(config.ENCRYPTION_KEY, 'base64')],
  ]);
  for (const pair of config.ENCRYPTION_KEYS_PREVIOUS?.split(',') ?? []) {
    const [id, key] = pair.split(':');
    if (id && key && !keys.has(id)) keys.set(id, Buffer.from(key, 'base64'));
  }
  return { currentId: config.ENCRYPTION_KEY_ID, keys };
}

/** Encrypts with the current key: `v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64 parts). */
export function encryptSecret(plaintext: string): string {
  const { currentId, keys } = keyring();
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, keys.get(currentId)!, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    currentId,
    iv.toString('base64'),
    tag.toString('base64'),
    ciphertext.toString('base64'),
  ].join(':');
}

export function decryptSecret(sealed: string): string {
  const [version, keyId, iv, tag, ciphertext] = sealed.split(':');
  if (version !== VERSION || !keyId || !iv || !tag || ciphertext === undefined) {
    throw new Error('Unrecognised ciphertext format');
  }
  const key = keyring().keys.get(keyId);
  if (!key) throw new Error(`Encryption key "${keyId}" is not configured (set ENCRYPTION_KEYS_PREVIOUS)`);
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
    'utf8',
  );
}
