// The key-material cache against a real database: filled on use, emptied on every instance by the revocation NOTIFY.
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/client';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { resetEnvCache } from '@/lib/platform/env';
import { useTestDatabase } from '@/test/db';
import { createTestOrganization } from '@/test/fixtures';
import { isKeyMaterialCached, loadKeyMaterial, REVOCATION_CHANNEL } from './api-key-material';

const testDb = await useTestDatabase();

async function eventually(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe('key material cache', () => {
  it('drops a key the moment another instance announces its revocation', async () => {
    const org = await createTestOrganization();
    const keyHash = sha256Hex(org.credentials.apiKey);
    // First use subscribes to the channel; once it is listening, loads are cached.
    for (let i = 0; i < 100 && !isKeyMaterialCached(keyHash); i += 1) {
      await loadKeyMaterial(keyHash);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(isKeyMaterialCached(keyHash)).toBe(true);

    // Another instance (its own connection) revokes the key and notifies in its transaction.
    const other = postgres(testDb.url, { max: 1, onnotice: () => {} });
    try {
      await other.begin(async (tx) => {
        await tx`update api_keys set revoked_at = now() where key_hash = ${keyHash}`;
        await tx`select pg_notify(${REVOCATION_CHANNEL}, ${keyHash})`;
      });
    } finally {
      await other.end();
    }
    expect(await eventually(() => !isKeyMaterialCached(keyHash))).toBe(true);
    expect(await loadKeyMaterial(keyHash)).toBeNull();
  });

  describe('behind a transaction pooler', () => {
    afterEach(async () => {
      delete process.env.DATABASE_POOLER;
      process.env.WORKER_IN_PROCESS = previousWorkerInProcess;
      if (previousWorkerInProcess === undefined) delete process.env.WORKER_IN_PROCESS;
      resetEnvCache();
      await closeDb();
    });
    const previousWorkerInProcess = process.env.WORKER_IN_PROCESS;

    it('caches nothing, so a revocation is never missed by a LISTEN the pooler moved', async () => {
      process.env.DATABASE_POOLER = 'transaction';
      process.env.WORKER_IN_PROCESS = 'false';
      resetEnvCache();
      await closeDb();
      const org = await createTestOrganization();
      const keyHash = sha256Hex(org.credentials.apiKey);
      for (let i = 0; i < 20; i += 1) {
        expect(await loadKeyMaterial(keyHash)).not.toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(isKeyMaterialCached(keyHash)).toBe(false);
      // Revoked without a NOTIFY (as a LISTEN lost behind the pooler would see it): refused at once.
      const other = postgres(testDb.url, { max: 1, onnotice: () => {} });
      try {
        await other`update api_keys set revoked_at = now() where key_hash = ${keyHash}`;
      } finally {
        await other.end();
      }
      expect(await loadKeyMaterial(keyHash)).toBeNull();
    });
  });
});
