// Secrets never reach a log line: invitation tokens in paths, reset tokens and other credentials in query strings.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allOperations } from '@/lib/app/operations';
import {
  previewInvitationOperation,
  requestPasswordResetOperation,
  signUpFromInvitationOperation,
} from '@/lib/identity/contract/auth-operations';
import { captureOutput } from '@/test/capture-output';
import { describeError, log } from './log';
import { REDACTED, redactPath } from './log-redaction';

const SECRET = 'Zq3x_SECRET-token-value_0123456789abcdefghij';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('redactPath', () => {
  it.each([
    [`/api/auth/invitations/${SECRET}`, `/api/auth/invitations/${REDACTED}`],
    [`/api/auth/invitations/${SECRET}/sign-up`, `/api/auth/invitations/${REDACTED}/sign-up`],
    [`/api/v2/invitations/${SECRET}/accept`, `/api/v2/invitations/${REDACTED}/accept`],
    [`/invitations/${SECRET}`, `/invitations/${REDACTED}`],
    [`//api/auth/invitations/${SECRET}`, `//api/auth/invitations/${REDACTED}`],
    [`/reset-password?token=${SECRET}`, `/reset-password?token=${REDACTED}`],
    [`/x?a=1&TOKEN=${SECRET}&b=2`, `/x?a=1&TOKEN=${REDACTED}&b=2`],
    [`/x?api_key=${SECRET}`, `/x?api_key=${REDACTED}`],
    [`/x?code=${SECRET}`, `/x?code=${REDACTED}`],
    [
      `/login?callbackUrl=${encodeURIComponent(`/invitations/${SECRET}`)}`,
      `/login?callbackUrl=${encodeURIComponent(`/invitations/${REDACTED}`)}`,
    ],
    [`/invitations/${SECRET}#frag`, `/invitations/${REDACTED}`],
  ])('%s → %s', (input, expected) => {
    expect(redactPath(input)).toBe(expected);
    expect(redactPath(input)).not.toContain(SECRET);
  });

  it.each([
    ['/api/v2/payouts/01a2/confirm'],
    ['/api/v2/organizations/me/invitations/01a217dc-2286-7769-a17d-ec4990767ea8'],
    ['/api/v2/orders?status=draft&page=2'],
    ['/login?callbackUrl=%2Fsettings'],
  ])('leaves %s as it is', (input) => {
    expect(redactPath(input)).toBe(input);
  });

  it('covers every operation whose path carries a token', () => {
    const operations = [
      ...allOperations,
      previewInvitationOperation,
      signUpFromInvitationOperation,
      requestPasswordResetOperation,
    ];
    const secretParams = /\{([^}]*(token|secret)[^}]*)\}/i;
    const withSecrets = operations.filter((operation) => secretParams.test(operation.path));
    expect(withSecrets.length).toBeGreaterThanOrEqual(3);
    for (const operation of withSecrets) {
      const path = operation.path.replace(/\{[^}]+\}/g, (param) =>
        secretParams.test(param) ? SECRET : 'some-id',
      );
      expect(redactPath(path), operation.id).not.toContain(SECRET);
    }
  });
});

describe('log', () => {
  it('writes path and url fields with their secrets redacted', () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    log('info', 'request', { path: `/api/auth/invitations/${SECRET}/sign-up`, status: 201 });
    log('info', 'redirect', { url: `/reset-password?token=${SECRET}` });
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toContain(SECRET);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      path: `/api/auth/invitations/${REDACTED}/sign-up`,
      status: 201,
    });
  });

  it('writes one JSON object per line, even for a multi-line message and an error with its stack', () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const written = captureOutput();
    log('error', 'unhandled error', { request_id: 'r-1', ...describeError(new Error('first\nsecond')) });
    log('warn', 'metrics source failed', { source: 'jobs', ...describeError('timeout\r\nagain') });
    log('info', 'two\nlines', { path: `/api/v2/invitations/${SECRET}/accept` });
    const text = written.join('');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(JSON.parse(line)).toMatchObject({ time: expect.any(String), level: expect.any(String) });
    }
    expect(JSON.parse(lines[0]!).stack).toContain('first\nsecond');
    expect(text).not.toContain(SECRET);
  });

  it("names the database's error code under a query error, so a deadlock reads as one in the log", () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const failed = new Error('Failed query: insert into "ledger_entries" …', { cause: deadlock });
    expect(describeError(failed)).toMatchObject({
      error_message: 'Failed query: insert into "ledger_entries" …',
      cause_code: '40P01',
      cause_message: 'deadlock detected',
    });
  });
});
