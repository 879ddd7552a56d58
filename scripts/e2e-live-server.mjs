// Owns the second server Playwright tests against: the sandbox with the production adapters ("live": SMTP email, staff
// review, treasury rate sheets, manual custody, the operations desk) on its own fresh database, its emails captured
// in E2E_MAIL_DIR for the tests to follow (scripts/e2e-mail-capture.mjs; playwright.config.ts sets it from e2e/mail.ts).
import path from 'node:path';
import { prepareE2eDatabase } from './e2e-database.mjs';
import { startMailCapture } from './e2e-mail-capture.mjs';
import { launch, root } from './launch.mjs';

const port = Number(process.env.E2E_LIVE_PORT ?? 3101);
const mailDir = path.resolve(root, process.env.E2E_MAIL_DIR ?? '.test-data/e2e-live/mail');

await launch({
  name: 'Payout Portal (e2e, live adapters)',
  port,
  hostname: '127.0.0.1',
  async prepareDatabase() {
    // Before the server: the app's first email (and its SMTP probe) find the mailbox listening.
    const mail = await startMailCapture(mailDir);
    try {
      const database = await prepareE2eDatabase({ database: 'payout_e2e_live', port });
      return {
        env: {
          ...database.env,
          EMAIL_ADAPTER: 'smtp',
          SMTP_URL: mail.url,
          EMAIL_FROM: 'Payout portal <noreply@provider.example>',
          KYC_ADAPTER: 'manual',
          RATES_ADAPTER: 'manual',
          CUSTODY_ADAPTER: 'manual',
          PAYOUT_RAIL_ADAPTER: 'operations',
        },
        description: `${database.description}, SMTP captured at ${mail.url}`,
        stop: async () => {
          await mail.close();
          await database.stop();
        },
      };
    } catch (error) {
      await mail.close();
      throw error;
    }
  },
});
