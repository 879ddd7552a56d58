// Owns reading the live server's captured emails (scripts/e2e-mail-capture.mjs writes one JSON file per message): a
// test waits for the message a person would get and follows the link in it, as they would.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Where the live server's mailbox writes; playwright.config.ts hands it to scripts/e2e-live-server.mjs. */
export const LIVE_MAIL_DIR = path.resolve('.test-data', 'e2e-live', 'mail');

export interface CapturedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function received(): CapturedEmail[] {
  if (!fs.existsSync(LIVE_MAIL_DIR)) return [];
  return fs
    .readdirSync(LIVE_MAIL_DIR)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(LIVE_MAIL_DIR, name), 'utf8')) as CapturedEmail);
}

/** The last email to `to` whose subject matches, once it has arrived (the outbox job sends within seconds). */
export async function waitForEmail(to: string, subject: RegExp, timeout = 30_000): Promise<CapturedEmail> {
  let found: CapturedEmail | undefined;
  await expect
    .poll(
      () => {
        found = received()
          .filter((mail) => mail.to.includes(to) && subject.test(mail.subject))
          .at(-1);
        return Boolean(found);
      },
      { message: `an email to ${to} about ${subject}`, timeout },
    )
    .toBe(true);
  return found!;
}

/** The URL after `label: ` in the email's text part (each template writes its action so). */
export function linkIn(email: CapturedEmail, label: string): string {
  const link = new RegExp(`${label}: (\\S+)`).exec(email.text)?.[1];
  expect(link, `"${label}" link in "${email.subject}"`).toBeTruthy();
  return link!;
}
