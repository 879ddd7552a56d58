// Tests the configuration check: a bad environment stops the process with messages that name each variable.
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { problemsOf } from './env-problems';

const key = Buffer.alloc(32, 7).toString('base64');
const good = {
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/payout',
  AUTH_SECRET: key,
  ENCRYPTION_KEY: key,
};

describe('parseEnv', () => {
  it('needs every EVM custody setting with CUSTODY_ADAPTER=evm, names a private key, an unknown chain and a bad URL', () => {
    expect(problemsOf({ ...good, CUSTODY_ADAPTER: 'evm' })).toEqual([
      'CUSTODY_RPC_URL is missing: required when CUSTODY_ADAPTER=evm',
      'CUSTODY_EVM_CHAIN_ID is missing: required when CUSTODY_ADAPTER=evm',
      'CUSTODY_TOKEN_ADDRESS is missing: required when CUSTODY_ADAPTER=evm',
      'CUSTODY_XPUB is missing: required when CUSTODY_ADAPTER=evm',
      'CUSTODY_START_BLOCK is missing: required when CUSTODY_ADAPTER=evm',
    ]);
    const evm = {
      ...good,
      CUSTODY_ADAPTER: 'evm',
      CUSTODY_RPC_URL: 'https://rpc.example.com/v2/key',
      CUSTODY_EVM_CHAIN_ID: '1',
      CUSTODY_TOKEN_ADDRESS: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      CUSTODY_XPUB:
        'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP',
      CUSTODY_START_BLOCK: '19000000',
    };
    expect(parseEnv(evm)).toMatchObject({ CUSTODY_CONFIRMATIONS: 12, CUSTODY_TOKEN_DECIMALS: 6 });
    expect(
      problemsOf({
        ...evm,
        CUSTODY_RPC_URL: 'ws://node',
        CUSTODY_EVM_CHAIN_ID: '137',
        CUSTODY_XPUB: `xprv9s21ZrQH143K${'2'.repeat(95)}`,
      }),
    ).toEqual([
      'CUSTODY_RPC_URL must be an http(s) URL',
      'CUSTODY_EVM_CHAIN_ID must be a chain id this deployment knows (1 ethereum)',
      'CUSTODY_XPUB must be an extended public key (xpub…), never a private key',
    ]);
    expect(problemsOf({ ...evm, CUSTODY_CHAINS: 'tron' })).toEqual([
      'CUSTODY_CHAINS must include ethereum: CUSTODY_EVM_CHAIN_ID=1 is the chain custody watches',
    ]);
  });

  it('reads CUSTODY_CHAINS as chain codes, each once, and names a malformed list', () => {
    expect(parseEnv({ ...good, CUSTODY_CHAINS: 'tron,ethereum,tron' }).CUSTODY_CHAINS).toEqual([
      'tron',
      'ethereum',
    ]);
    expect(parseEnv(good).CUSTODY_CHAINS).toBeUndefined();
    expect(problemsOf({ ...good, CUSTODY_CHAINS: 'tron,,Ethereum' })).toEqual([
      'CUSTODY_CHAINS must be chain codes separated by commas, e.g. tron,ethereum',
    ]);
  });

  it('names a missing DATABASE_URL and says it is missing', () => {
    const problems = problemsOf({ ...good, DATABASE_URL: undefined });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DATABASE_URL is missing/);
  });

  it('rejects a DATABASE_URL that is not a postgres URL', () => {
    expect(problemsOf({ ...good, DATABASE_URL: 'mysql://x/y' })).toEqual([
      'DATABASE_URL must be a postgres:// connection URL',
    ]);
  });

  it('names an AUTH_SECRET that is not 32 bytes of base64', () => {
    const problems = problemsOf({ ...good, AUTH_SECRET: 'too-short' });
    expect(problems).toEqual(['AUTH_SECRET must be 32 random bytes in base64']);
  });

  it('names a bad APP_ENV', () => {
    const problems = problemsOf({ ...good, APP_ENV: 'staging' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^APP_ENV /);
  });

  it('lists every problem at once, in a message that names each variable', () => {
    let message = '';
    try {
      parseEnv({ APP_ENV: 'staging' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['DATABASE_URL', 'AUTH_SECRET', 'ENCRYPTION_KEY', 'APP_ENV'])
      expect(message).toContain(name);
  });

  it('needs an http(s) RATES_URL with RATES_ADAPTER=http, and never echoes it', () => {
    expect(problemsOf({ ...good, RATES_ADAPTER: 'http' })).toEqual([
      'RATES_URL is missing: required when RATES_ADAPTER=http',
    ]);
    const problems = problemsOf({
      ...good,
      RATES_ADAPTER: 'http',
      RATES_URL: 'ftp://user:pw@feed.example/rates',
    });
    expect(problems).toEqual(['RATES_URL must be an http(s) URL']);
    const parsed = parseEnv({
      ...good,
      RATES_ADAPTER: 'http',
      RATES_URL: 'https://user:pw@feed.example/rates',
    });
    expect(parsed).toMatchObject({ RATES_MAX_AGE_SECONDS: 300, RATES_POLL_INTERVAL_SECONDS: 60 });
    expect(parseEnv({ ...good, RATES_ADAPTER: 'manual' }).RATES_ADAPTER).toBe('manual');
  });

  it('parses a good environment and fills the defaults', () => {
    const env = parseEnv(good);
    expect(env).toMatchObject({
      APP_ENV: 'sandbox',
      DATABASE_URL: good.DATABASE_URL,
      DB_POOL_MAX: 10,
      WORKER_IN_PROCESS: true,
      WORKER_CONCURRENCY: 2,
      ENCRYPTION_KEY_ID: 'k1',
      APP_BASE_URL: 'http://localhost:3000',
      DEFAULT_RATE_LIMIT_PER_MINUTE: 100,
      QUOTE_TTL_MINUTES: 30,
    });
  });

  it('coerces numeric settings and the worker switch from strings', () => {
    const env = parseEnv({ ...good, DB_POOL_MAX: '5', WORKER_IN_PROCESS: 'false', APP_ENV: 'production' });
    expect(env.DB_POOL_MAX).toBe(5);
    expect(env.WORKER_IN_PROCESS).toBe(false);
    expect(env.APP_ENV).toBe('production');
  });

  describe('WEBHOOK_ALLOW_PRIVATE_URLS', () => {
    it('defaults to true only for the embedded sandbox', () => {
      expect(parseEnv({ ...good, EMBEDDED_DATABASE: 'true' }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(true);
      expect(parseEnv(good).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(false);
      expect(
        parseEnv({ ...good, EMBEDDED_DATABASE: 'true', APP_ENV: 'production' }).WEBHOOK_ALLOW_PRIVATE_URLS,
      ).toBe(false);
    });

    it('follows an explicit value', () => {
      expect(parseEnv({ ...good, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(true);
      expect(
        parseEnv({ ...good, EMBEDDED_DATABASE: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'false' })
          .WEBHOOK_ALLOW_PRIVATE_URLS,
      ).toBe(false);
    });

    it('refuses anything but true or false, and true in production', () => {
      expect(problemsOf({ ...good, WEBHOOK_ALLOW_PRIVATE_URLS: 'yes' })).toEqual([
        'WEBHOOK_ALLOW_PRIVATE_URLS must be true or false',
      ]);
      expect(problemsOf({ ...good, APP_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' })).toEqual([
        'WEBHOOK_ALLOW_PRIVATE_URLS must not be true when APP_ENV=production',
      ]);
    });
  });

  describe('DATABASE_POOLER', () => {
    it('defaults to none and accepts session and transaction', () => {
      expect(parseEnv(good).DATABASE_POOLER).toBe('none');
      expect(parseEnv({ ...good, DATABASE_POOLER: 'session' }).DATABASE_POOLER).toBe('session');
      expect(
        parseEnv({ ...good, DATABASE_POOLER: 'transaction', WORKER_IN_PROCESS: 'false' }).DATABASE_POOLER,
      ).toBe('transaction');
    });

    it('refuses an in-process worker behind a transaction pooler (LISTEN and session locks would break)', () => {
      expect(problemsOf({ ...good, DATABASE_POOLER: 'transaction' })).toEqual([
        'WORKER_IN_PROCESS must be false when DATABASE_POOLER=transaction: run `npm run worker` on a direct (or session-mode) DATABASE_URL',
      ]);
      expect(problemsOf({ ...good, DATABASE_POOLER: 'pgbouncer' })[0]).toMatch(/^DATABASE_POOLER /);
    });
  });

  it('lists every combination problem at once, not only the first', () => {
    expect(
      problemsOf({
        ...good,
        APP_ENV: 'production',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        DATABASE_POOLER: 'transaction',
      }),
    ).toEqual([
      'WEBHOOK_ALLOW_PRIVATE_URLS must not be true when APP_ENV=production',
      expect.stringMatching(/^WORKER_IN_PROCESS must be false when DATABASE_POOLER=transaction/),
    ]);
  });

  it('names each setting an adapter implementation needs once it is chosen, in the sandbox too', () => {
    const problems = problemsOf({ ...good, EMAIL_ADAPTER: 'smtp', RATES_ADAPTER: 'http' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'SMTP_URL is missing: required when EMAIL_ADAPTER=smtp',
        'EMAIL_FROM is missing: required when EMAIL_ADAPTER=smtp',
        'RATES_URL is missing: required when RATES_ADAPTER=http',
      ]),
    );
    // The simulations need nothing more.
    expect(() => parseEnv({ ...good, EMAIL_ADAPTER: 'sandbox' })).not.toThrow();
  });
});
