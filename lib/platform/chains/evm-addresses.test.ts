// Deposit addresses derived from an extended public key: the addresses every EVM tool lists for the well-known test
// mnemonic's account 0, and a private extended key refused whatever else is right about it.
import { describe, expect, it } from 'vitest';
import { deriveEvmAddress, extendedPublicKeyProblem } from './evm-addresses';

// m/44'/60'/0' of "test test test test test test test test test test test junk" (public; no private key here).
const XPUB =
  'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP';
// The same account's private key, only to show it is refused.
const XPRV_PREFIX = 'xprv9yeo';

describe('deriveEvmAddress', () => {
  it("gives child 0/<index>'s checksummed address", () => {
    expect(deriveEvmAddress(XPUB, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(deriveEvmAddress(XPUB, 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(deriveEvmAddress(XPUB, 5)).toBe('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc');
  });

  it('refuses an index outside the non-hardened range', () => {
    expect(() => deriveEvmAddress(XPUB, -1)).toThrow(/outside/);
    expect(() => deriveEvmAddress(XPUB, 2 ** 31)).toThrow(/outside/);
  });
});

describe('extendedPublicKeyProblem', () => {
  it('accepts an xpub, refuses a private key and anything malformed', () => {
    expect(extendedPublicKeyProblem(XPUB)).toBeNull();
    expect(extendedPublicKeyProblem(`${XPRV_PREFIX}${'1'.repeat(103)}`)).toMatch(/never a private key/);
    expect(extendedPublicKeyProblem(`${XPUB.slice(0, -1)}x`)).toMatch(/base58check/);
  });
});
