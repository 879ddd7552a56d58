// Each sandbox adapter against its interface, the selection from configuration, and the production start-up check.
import { afterEach, describe, expect, it, vi } from 'vitest';
// The implementations the program has, as every entry provides them.
import '@/lib/app/adapters';
import { isValidAddress } from '@/lib/platform/chains/addresses';
import { type Env, parseEnv, resetEnvCache } from '@/lib/platform/env';
import { sandboxEmail } from '@/lib/sandbox/server/sandbox-email';
import { custody } from './custody';
import { sandboxCustody } from './custody/sandbox';
import type { CustodyAdapter } from './custody/types';
import { email } from './email';
import { kyc } from './kyc';
import { SANDBOX_REJECTION_REASON, sandboxKyc } from './kyc/sandbox';
import type { KycAdapter } from './kyc/types';
import { AdapterConfigurationError, assertAdaptersReadyForMode } from './registry';

const baseEnv = {
  DATABASE_URL: 'postgres://localhost/x',
  AUTH_SECRET: Buffer.alloc(32, 'a').toString('base64'),
  ENCRYPTION_KEY: Buffer.alloc(32, 'k').toString('base64'),
};
const config = (extra: Record<string, string> = {}): Env => parseEnv({ ...baseEnv, ...extra });

describe('custody (sandbox)', () => {
  const adapter: CustodyAdapter = sandboxCustody;
  const chains = [
    { code: 'tron', addressFormat: 'tron' as const },
    { code: 'ethereum', addressFormat: 'evm' as const },
  ];

  it.each(chains)('allocates a fresh, valid $code deposit address each time', async (chain) => {
    const orgId = '01a208b0-f763-7419-bdd0-7e6f2f9a7015';
    const [a, b] = [
      await adapter.allocateDepositAddress({ orgId, chain }),
      await adapter.allocateDepositAddress({ orgId, chain }),
    ];
    expect(isValidAddress(chain.addressFormat, a.address)).toBe(true);
    expect(a.address).not.toBe(b.address);
  });

  it('reports a simulated transfer with a hash in the chain notation (bare hex on TRON, 0x on EVM)', async () => {
    const tron = await adapter.simulateIncomingTransfer({ chain: chains[0]!, address: 'T…', amount: '5.00' });
    const evm = await adapter.simulateIncomingTransfer({ chain: chains[1]!, address: '0x…', amount: '5.00' });
    expect(tron.transactionHash).toMatch(/^[0-9a-f]{64}$/);
    expect(evm.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('kyc (sandbox)', () => {
  const adapter: KycAdapter = sandboxKyc;
  const review = (...names: string[]) => adapter.review({ kind: 'beneficiary', names });

  it.each([['REJECT Trading Ltd'], ['Acme reject GmbH'], ['Müller-Reject AG'], ['Ltd (REJECT)']])(
    'rejects %s with the screening reason',
    async (name) => {
      expect(await review(name)).toMatchObject({
        outcome: 'rejected',
        rejectionReason: SANDBOX_REJECTION_REASON,
      });
      expect(SANDBOX_REJECTION_REASON).toBe('Screening: possible restricted-party match');
    },
  );

  it.each([['REVIEW Imports'], ['Please review Ltd']])('leaves %s in review for staff', async (name) => {
    expect(await review(name)).toMatchObject({ outcome: 'in_review', rejectionReason: null });
  });

  it.each([['Rejected Goods Ltd'], ['Reviewer GmbH'], ['Prejected'], ['Acme Trading Ltd']])(
    'passes %s (only the whole word counts)',
    async (name) => {
      expect(await review(name)).toEqual({
        outcome: 'ready',
        rejectionReason: null,
        screeningNote: 'Sandbox screening: no match.',
      });
    },
  );

  it('looks at every name, and REJECT wins over REVIEW', async () => {
    expect((await review('Acme Ltd', 'REVIEW Holdings', 'REJECT Ltd')).outcome).toBe('rejected');
    expect((await review('Acme Ltd', 'REVIEW Holdings')).outcome).toBe('in_review');
  });

  it('explains every decision to staff and records its decisions as the sandbox adapter', async () => {
    for (const name of ['REJECT', 'REVIEW', 'Acme']) expect((await review(name)).screeningNote).not.toBe('');
    expect(adapter.reviewSource).toBe('sandbox_adapter');
  });
});

describe('selection from configuration', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it('the configured (default) implementation is the sandbox one for each adapter', () => {
    for (const [name, value] of Object.entries(baseEnv)) vi.stubEnv(name, value);
    resetEnvCache();
    expect(config()).toMatchObject({
      CUSTODY_ADAPTER: 'sandbox',
      KYC_ADAPTER: 'sandbox',
      EMAIL_ADAPTER: 'sandbox',
    });
    expect(custody()).toBe(sandboxCustody);
    expect(kyc()).toBe(sandboxKyc);
    expect(email()).toBe(sandboxEmail);
  });

  it('an unknown implementation is a configuration error naming the variable', () => {
    expect(() => config({ CUSTODY_ADAPTER: 'fireblocks' })).toThrow(/CUSTODY_ADAPTER/);
  });

  it('production start-up refuses simulated adapters, naming each one', () => {
    const check = () => assertAdaptersReadyForMode(config({ APP_ENV: 'production' }));
    expect(check).toThrow(AdapterConfigurationError);
    expect(check).toThrow(/custody: CUSTODY_ADAPTER=sandbox[\s\S]*kyc: KYC_ADAPTER=sandbox[\s\S]*email/);
  });

  it('sandbox start-up passes', () => {
    expect(() => assertAdaptersReadyForMode(config({ APP_ENV: 'sandbox' }))).not.toThrow();
  });
});
