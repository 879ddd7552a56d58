// The SMTP adapter's settings: EMAIL_ADAPTER=smtp will not start without a valid SMTP_URL and EMAIL_FROM, each problem
// named and never echoing the password; the URL reads into host, port, TLS and credentials as a relay expects.
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/platform/env';
import { problemsOf } from '@/lib/platform/env-problems';
import { smtpSettings } from './smtp-transport';

const key = Buffer.alloc(32, 7).toString('base64');
const base = { DATABASE_URL: 'postgres://app:x@db:5432/payout', AUTH_SECRET: key, ENCRYPTION_KEY: key };

describe('SMTP settings', () => {
  it('needs SMTP_URL and EMAIL_FROM with EMAIL_ADAPTER=smtp, naming both', () => {
    const problems = problemsOf({ ...base, EMAIL_ADAPTER: 'smtp' });
    expect(problems).toEqual([
      expect.stringMatching(/^SMTP_URL is missing/),
      expect.stringMatching(/^EMAIL_FROM is missing/),
    ]);
    expect(parseEnv({ ...base }).EMAIL_ADAPTER).toBe('sandbox');
  });

  it('refuses a URL that is not smtp:// or smtps:// and a sender that is not an address, without echoing them', () => {
    const problems = problemsOf({
      ...base,
      EMAIL_ADAPTER: 'smtp',
      SMTP_URL: 'https://user:Hunter2secret@mail.example.com',
      EMAIL_FROM: 'Payout portal <not an address>',
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(problems[1]).toMatch(/^EMAIL_FROM must be an email address/);
    expect(problems.join('\n')).not.toContain('Hunter2secret');
  });

  it('accepts a relay with STARTTLS or TLS, and a sender with or without a display name', () => {
    for (const [url, from] of [
      ['smtp://user:pass@smtp.example.com:587', 'no-reply@payouts.example.com'],
      ['smtps://smtp.example.com', 'Payout portal <no-reply@payouts.example.com>'],
    ] as const) {
      expect(parseEnv({ ...base, EMAIL_ADAPTER: 'smtp', SMTP_URL: url, EMAIL_FROM: from }).SMTP_URL).toBe(
        url,
      );
    }
  });

  it('reads the URL: port by scheme, TLS for smtps, credentials percent-decoded', () => {
    expect(smtpSettings('smtp://mailer:p%40ss%3Aword@smtp.example.com', 'a@b.test')).toMatchObject({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      user: 'mailer',
      pass: 'p@ss:word',
    });
    expect(smtpSettings('smtps://smtp.example.com', 'a@b.test')).toMatchObject({
      port: 465,
      secure: true,
      user: null,
      pass: null,
    });
    expect(smtpSettings('smtp://[::1]:2525', 'a@b.test')).toMatchObject({ host: '::1', port: 2525 });
  });
});
