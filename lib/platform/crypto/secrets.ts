// Owns encryption at rest (AES-256-GCM) of secrets such as API shared secrets; ciphertexts carry a key id for
// rotation and are bound to the row they belong to (associated data), so one row's ciphertext cannot be moved
// into another row and decrypt there.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { env } from '@/lib/platform/env';

const ALGORITHM = 'aes-256-gcm';
/** v2 binds the ciphertext to its context (associated data); v1 (no associated data) is only read. */
const VERSION = 'v2';
const LEGACY_VERSION = 'v1';
/** A full 128-bit tag: a truncated tag would be accepted by Node unless the length is fixed. */
const TAG_BYTES = 16;
const IV_BYTES = 12;

function keyring(): { currentId: string; keys: Map<string, Buffer> } {
  const config = env();
  const keys = new Map<string, Buffer>([
    [config.ENCRYPTION_KEY_ID, Buffer.from(config.ENCRYPTION_KEY, 'base64')],
  ]);
  // lib/platform/env validates that every previous key is 32 bytes.
  for (const pair of config.ENCRYPTION_KEYS_PREVIOUS?.split(',') ?? []) {
    const [id, key] = pair.split(':');
    if (id && key && !keys.has(id)) keys.set(id, Buffer.from(key, 'base64'));
  }
  return { currentId: config.ENCRYPTION_KEY_ID, keys };
}

/** Where a secret lives, e.g. `api_keys:<id>:shared_secret`: decrypting it anywhere else fails. */
export type SecretContext = string;

/** Encrypts with the current key: `v2:<keyId>:<iv>:<tag>:<ciphertext>` (base64 parts), bound to `context`. */
export function encryptSecret(plaintext: string, context: SecretContext): string {
  const { currentId, keys } = keyring();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keys.get(currentId)!, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
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

/** Decrypts a v2 ciphertext made for `context` (or a legacy v1 one, which has no binding). */
export function decryptSecret(sealed: string, context: SecretContext): string {
  const [version, keyId, iv, tag, ciphertext] = sealed.split(':');
  if (
    (version !== VERSION && version !== LEGACY_VERSION) ||
    !keyId ||
    !iv ||
    !tag ||
    ciphertext === undefined
  ) {
    throw new Error('Unrecognised ciphertext format');
  }
  const tagBytes = Buffer.from(tag, 'base64');
  const ivBytes = Buffer.from(iv, 'base64');
  if (tagBytes.length !== TAG_BYTES || ivBytes.length !== IV_BYTES) throw new Error('Malformed ciphertext');
  const key = keyring().keys.get(keyId);
  if (!key) throw new Error(`Encryption key "${keyId}" is not configured (set ENCRYPTION_KEYS_PREVIOUS)`);
  const decipher = createDecipheriv(ALGORITHM, key, ivBytes, { authTagLength: TAG_BYTES });
  if (version === VERSION) decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
    'utf8',
  );
}

/** The context of an API key's shared secret. */
export const apiKeySecretContext = (apiKeyId: string): SecretContext => `api_keys:${apiKeyId}:shared_secret`;
