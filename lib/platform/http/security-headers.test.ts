// The pages' security headers: scripts only with this response's nonce, no framing, HSTS only over https.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce, pageSecurityHeaders } from './security-headers';

describe('security headers', () => {
  it('allows scripts only with the nonce and forbids framing', () => {
    const policy = contentSecurityPolicy({ nonce: 'abc123', https: false });
    expect(policy).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('adds HSTS and upgrade-insecure-requests only over https', () => {
    expect(pageSecurityHeaders({ https: false })).not.toHaveProperty('Strict-Transport-Security');
    expect(pageSecurityHeaders({ https: true })).toMatchObject({
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Frame-Options': 'DENY',
    });
    expect(contentSecurityPolicy({ nonce: 'n', https: true })).toContain('upgrade-insecure-requests');
  });

  it('makes a different 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    expect(Buffer.from([...nonces][0]!, 'base64')).toHaveLength(16);
  });
});
