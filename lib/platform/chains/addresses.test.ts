// Unit tests of address formats: base58check TRON addresses and EIP-55 EVM addresses, with real-world vectors.
import { describe, expect, it } from 'vitest';
import {
  base58Decode,
  base58Encode,
  isValidAddress,
  isValidEvmAddress,
  isValidTronAddress,
  sandboxAddress,
  toChecksumAddress,
  tronAddressFromHex,
} from './addresses';

const USDT_TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_ERC20 = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('TRON addresses', () => {
  it('accepts real addresses and derives them from their hex form', () => {
    expect(isValidTronAddress(USDT_TRC20)).toBe(true);
    expect(tronAddressFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(USDT_TRC20);
  });

  it('refuses a changed character, a wrong length, a non-base58 character or another version byte', () => {
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidTronAddress(USDT_TRC20.slice(0, -1))).toBe(false);
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toBe(false);
    // A valid base58check string (the bitcoin genesis address), but not a TRON address.
    expect(isValidTronAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
  });

  it('round-trips base58 with leading zero bytes', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255]);
    expect(base58Encode(bytes).startsWith('11')).toBe(true);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
    expect(base58Decode('0OIl')).toBeNull();
  });
});

describe('EVM addresses', () => {
  it('computes the EIP-55 vectors', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      USDT_ERC20,
    ]) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(isValidEvmAddress(address, { requireChecksum: true })).toBe(true);
    }
  });

  it('refuses a mixed-case address with a wrong checksum, accepts unchecksummed ones unless asked not to', () => {
    expect(isValidEvmAddress('0xdAC17F958D2ee523a2206206994597C13D831Ec7')).toBe(false);
    expect(isValidEvmAddress(USDT_ERC20.toLowerCase())).toBe(true);
    expect(isValidEvmAddress(`0x${USDT_ERC20.slice(2).toUpperCase()}`)).toBe(true);
    expect(isValidEvmAddress(USDT_ERC20.toLowerCase(), { requireChecksum: true })).toBe(false);
    expect(isValidEvmAddress('0x1234')).toBe(false);
    expect(isValidEvmAddress(`0x${'g'.repeat(40)}`)).toBe(false);
  });
});

describe('sandbox addresses', () => {
  it('are valid in their format and differ each time', () => {
    for (const format of ['tron', 'evm'] as const) {
      const [a, b] = [sandboxAddress(format), sandboxAddress(format)];
      expect(isValidAddress(format, a!)).toBe(true);
      expect(a).not.toBe(b);
    }
    expect(isValidEvmAddress(sandboxAddress('evm'), { requireChecksum: true })).toBe(true);
    expect(sandboxAddress('tron')).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });
});
