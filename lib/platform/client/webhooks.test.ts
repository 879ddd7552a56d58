// Tests webhook signing and verification as a receiver would use them: raw body, header, secret, tolerance.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  computeWebhookSignature,
  generateTestHeaderString,
  parseWebhookSignatureHeader,
  verifyWebhook,
  WebhookSignatureError,
  webhookSignatureHeader,
} from './webhooks';

const secret = 'whsec_test_secret';
const payload = JSON.stringify({
  id: '019a0000-0000-7000-8000-000000000001',
  type: 'funding.deposit_credited',
  created_at: '2026-11-23T10:00:00.000Z',
  data: { object: { id: 'x', amount: '10.00' } },
});
const t = 1_795_000_000;

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof WebhookSignatureError) return error.reason;
    throw error;
  }
  throw new Error('expected a WebhookSignatureError');
}

describe('webhook signatures', () => {
  it('is hex HMAC-SHA256 of "<t>.<body>" keyed with the whole secret string (the documented recipe)', () => {
    const recipe = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
    expect(computeWebhookSignature(secret, t, payload)).toBe(recipe);
    expect(webhookSignatureHeader([secret], t, payload)).toBe(`t=${t},v1=${recipe}`);
  });

  it('signs bytes and the same string identically', () => {
    expect(computeWebhookSignature(secret, t, new TextEncoder().encode(payload))).toBe(
      computeWebhookSignature(secret, t, payload),
    );
  });

  it('verifies a genuine delivery and returns the event', () => {
    const header = generateTestHeaderString({ payload, secret, timestamp: t });
    const event = verifyWebhook(payload, header, secret, { now: t + 10 });
    expect(event.type).toBe('funding.deposit_credited');
    expect(event.data.object).toEqual({ id: 'x', amount: '10.00' });
  });

  it('accepts either of two v1 signatures (a rotated secret during its overlap)', () => {
    const header = webhookSignatureHeader(['whsec_new', 'whsec_old'], t, payload);
    expect(parseWebhookSignatureHeader(header).signatures).toHaveLength(2);
    expect(verifyWebhook(payload, header, 'whsec_new', { now: t }).id).toBeTruthy();
    expect(verifyWebhook(payload, header, 'whsec_old', { now: t }).id).toBeTruthy();
    expect(failure(() => verifyWebhook(payload, header, 'whsec_other', { now: t }))).toBe(
      'no_matching_signature',
    );
  });

  it('refuses a body changed by one byte, or re-serialised JSON', () => {
    const header = generateTestHeaderString({ payload, secret, timestamp: t });
    expect(failure(() => verifyWebhook(payload.replace('10.00', '90.00'), header, secret, { now: t }))).toBe(
      'no_matching_signature',
    );
    const reserialised = JSON.stringify(JSON.parse(payload), null, 2);
    expect(failure(() => verifyWebhook(reserialised, header, secret, { now: t }))).toBe(
      'no_matching_signature',
    );
  });

  it('refuses a timestamp outside the tolerance (a replayed delivery), either side', () => {
    const header = generateTestHeaderString({ payload, secret, timestamp: t });
    expect(failure(() => verifyWebhook(payload, header, secret, { now: t + 301 }))).toBe(
      'timestamp_outside_tolerance',
    );
    expect(failure(() => verifyWebhook(payload, header, secret, { now: t - 301 }))).toBe(
      'timestamp_outside_tolerance',
    );
    expect(verifyWebhook(payload, header, secret, { now: t + 300 }).id).toBeTruthy();
    expect(verifyWebhook(payload, header, secret, { now: t + 900, toleranceSeconds: 1000 }).id).toBeTruthy();
  });

  it('refuses a timestamp changed after signing (it is part of what is signed)', () => {
    const header = generateTestHeaderString({ payload, secret, timestamp: t }).replace(
      `t=${t}`,
      `t=${t + 5}`,
    );
    expect(failure(() => verifyWebhook(payload, header, secret, { now: t }))).toBe('no_matching_signature');
  });

  it.each([
    [undefined, 'missing_header'],
    ['', 'missing_header'],
    ['v1=abc', 'malformed_header'],
    [`t=${t}`, 'malformed_header'],
    [`t=soon,v1=${'a'.repeat(64)}`, 'malformed_header'],
    [`t=${t},v0=${'a'.repeat(64)}`, 'malformed_header'],
  ])('header %j is refused as %s', (header, reason) => {
    expect(failure(() => verifyWebhook(payload, header, secret, { now: t }))).toBe(reason);
  });

  it('skips signature schemes it does not know, so new schemes do not break receivers', () => {
    const header = `t=${t},v2=zzz,${generateTestHeaderString({ payload, secret, timestamp: t }).split(',')[1]}`;
    expect(verifyWebhook(payload, header, secret, { now: t }).id).toBeTruthy();
  });

  it('a verified payload that is not JSON is refused as such', () => {
    const header = generateTestHeaderString({ payload: 'not json', secret, timestamp: t });
    expect(failure(() => verifyWebhook('not json', header, secret, { now: t }))).toBe('invalid_payload');
  });
});
