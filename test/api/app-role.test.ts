// The application runs as a PostgreSQL role that owns nothing: it serves requests, and it cannot switch the ledger's
// triggers off, truncate, or act as a superuser. The test setup grants it in the template (as `npm start` does).
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closeDb } from '@/db/client';
import { parsedRows } from '@/lib/platform/db/typed-rows';
import { resetEnvCache } from '@/lib/platform/env';
import { appRoleUrl } from '@/scripts/embedded-db.mjs';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

const testDb = await useTestDatabase();
const appUrl = appRoleUrl(testDb.url);
process.env.DATABASE_URL = appUrl;
resetEnvCache();
await closeDb();

const app = postgres(appUrl, { max: 1, onnotice: () => {} });
afterAll(async () => {
  await app.end({ timeout: 5 });
  await closeDb();
});

async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the application role', () => {
  it('serves a deposit and a balance as the app role', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);
    expect((await client.send('POST', '/api/v2/sandbox/deposits', { body: { amount: '10' } })).status).toBe(
      201,
    );
    expect((await client.request('GET', '/api/v2/funding/balance')).data).toMatchObject({
      available: '10.00',
    });
    const [role] = await parsedRows(
      z.object({ rolsuper: z.boolean(), owns: z.number() }),
      app`
      select r.rolsuper, (select count(*)::int from pg_tables t where t.tableowner = current_user) as owns
      from pg_roles r where r.rolname = current_user`,
    );
    expect(role).toEqual({ rolsuper: false, owns: 0 });
  });

  it('cannot disable triggers, change replication role, truncate, or rewrite ledger rows', async () => {
    expect(await refusal(app`alter table ledger_accounts disable trigger all`)).toMatch(/must be owner/);
    expect(await refusal(app`set session_replication_role = replica`)).toMatch(/permission denied/);
    expect(await refusal(app`truncate ledger_entries`)).toMatch(/permission denied/);
    expect(await refusal(app`delete from ledger_entries`)).toMatch(/permission denied/);
    expect(await refusal(app`update ledger_accounts set allow_negative = true`)).toMatch(/cannot change/);
  });

  it('starts every connection bounded by the role itself, as a transaction pooler hands them out (no startup parameters)', async () => {
    // PgBouncer refuses statement_timeout & co. as startup parameters, so the pool behind it sends none
    // (db/client.ts): the bounds must come from the role, which migrations set (db/migrate.ts grantAppRole).
    const bare = postgres(appUrl, { max: 1, onnotice: () => {}, prepare: false });
    try {
      const [row] = await parsedRows(
        z.object({ statement: z.string(), lock: z.string(), idle: z.string() }),
        bare`
        select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
          current_setting('idle_in_transaction_session_timeout') as idle`,
      );
      expect(row).toEqual({ statement: '15s', lock: '10s', idle: '15s' });
    } finally {
      await bare.end({ timeout: 5 });
    }
  });
});
