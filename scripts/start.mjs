// Owns `npm start`: the app on the embedded PostgreSQL in .data/ (or on DATABASE_URL when set), built and migrated.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startEmbeddedDatabase } from './embedded-db.mjs';
import { launch, root } from './launch.mjs';
import { exitUnlessPostgresPatched } from './patch-postgres.mjs';

// Before anything starts: an install that skipped our postinstall (`--ignore-scripts`) left postgres.js unpatched.
exitUnlessPostgresPatched();

// Production: one check names every missing or bad setting (an external DATABASE_URL, https, secrets, each adapter)
// before minutes of build, and before the embedded database, which production never starts.
if (process.env.APP_ENV === 'production') {
  const tsxCli = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const check = spawnSync(process.execPath, [tsxCli, 'scripts/start-check.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (check.status !== 0) process.exit(check.status || 1);
}

await launch({
  name: 'Payout Portal',
  port: Number(process.env.PORT ?? 3000),
  hostname: process.env.HOSTNAME,
  // `cli call` reads it to reach this instance on the port it chose.
  instanceFile: '.data/instance.json',
  async prepareDatabase() {
    if (process.env.DATABASE_URL) {
      // Secrets must come from the environment so every instance shares them; scripts/migrate.ts validates them
      // (lib/platform/env) and names any that is missing before the server starts.
      return { env: {}, description: 'DATABASE_URL', stop: async () => {} };
    }
    if (process.env.APP_ENV === 'production')
      throw new Error('Production needs DATABASE_URL (an external PostgreSQL).');
    const database = await startEmbeddedDatabase({ dir: '.data', log: (message) => console.log(message) });
    return {
      // Explicit settings win (e.g. AUTH_SECRET exported by the user); the embedded default runs in sandbox mode.
      env: { ...database.env, ...pick(process.env, ['AUTH_SECRET', 'ENCRYPTION_KEY', 'APP_ENV']) },
      description: `embedded PostgreSQL on 127.0.0.1:${database.port} (data in .data/pg, log in .data/postgres.log)`,
      stop: database.stop,
    };
  },
});

/** @param {NodeJS.ProcessEnv} source @param {string[]} keys @returns {Record<string, string>} */
function pick(source, keys) {
  /** @type {Record<string, string>} */
  const picked = {};
  for (const key of keys) {
    const value = source[key];
    if (value) picked[key] = value;
  }
  return picked;
}
