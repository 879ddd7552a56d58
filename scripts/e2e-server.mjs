// Owns the server Playwright tests against: `next start` with the sandbox adapters on a fresh e2e database (embedded
// in .test-data/e2e, or TEST_DATABASE_URL).
import { prepareE2eDatabase } from './e2e-database.mjs';
import { launch } from './launch.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);

await launch({
  name: 'Payout Portal (e2e)',
  port,
  hostname: '127.0.0.1',
  prepareDatabase: () => prepareE2eDatabase({ database: 'payout_e2e', port }),
});
