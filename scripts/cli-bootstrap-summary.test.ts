// Tests of what `sandbox bootstrap` tells a person: the next step fits what they already did.
import { describe, expect, it } from 'vitest';
import type { SandboxBootstrap } from '@/lib/app/sandbox-bootstrap';
import { bootstrapSummary } from './cli-bootstrap-summary';

const result = {
  org_id: '0190f3a2-0000-7000-8000-000000000001',
  api_key: 'sk_sandbox_x',
  api_key_id: '0190f3a2-0000-7000-8000-000000000002',
  private_key_pem: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
  public_key_pem: '-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----\n',
  shared_secret: 'secret',
  admin: { email: 'admin@example.test', password: 'pw' },
  senders: [],
  beneficiaries: [],
  balance: '1000.00',
} satisfies SandboxBootstrap;

describe('bootstrapSummary', () => {
  it('suggests --save only when the credentials were not saved', () => {
    const unsaved = bootstrapSummary(result, { saved: false, credentialsFile: '.data/creds.json' });
    expect(unsaved).toContain('sandbox bootstrap --save');
    const saved = bootstrapSummary(result, { saved: true, credentialsFile: '.data/creds.json' });
    expect(saved).not.toContain('--save');
    expect(saved).toContain('call GET /api/v2/funding/balance');
    expect(saved).toContain('.data/creds.json');
  });
});
