// Owns the TOTP arithmetic (RFC 6238 via otpauth): secrets, provisioning URIs, and which 30-second step a code is for.
import { Secret, TOTP } from 'otpauth';
import { isSandbox } from '@/lib/platform/env';
import { PROVIDER_NAME } from '@/lib/platform/provider';

export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step early or late still count (clock drift between phone and server). */
const WINDOW = 1;

function issuer(): string {
  return isSandbox() ? `${PROVIDER_NAME} (sandbox)` : PROVIDER_NAME;
}

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: issuer(),
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret in base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function provisioningUri(secretBase32: string, accountEmail: string): string {
  return totp(secretBase32, accountEmail).toString();
}

/** The 30-second step `code` is valid for at `at`, or null when it is not a current code. */
export function matchingStep(secretBase32: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code for `at` (tests and the sandbox docs; the server never needs to show one). */
export function codeAt(secretBase32: string, at: Date): string {
  return totp(secretBase32).generate({ timestamp: at.getTime() });
}
