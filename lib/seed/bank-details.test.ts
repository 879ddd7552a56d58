// Unit tests of the demo bank-detail check digits against published examples.
import { describe, expect, it } from 'vitest';
import {
  abaRoutingNumber,
  clabe,
  frenchRibKey,
  iban,
  ibanCheckDigits,
  isValidAbaRoutingNumber,
  isValidBic,
  isValidClabe,
  isValidIban,
} from './bank-details';

describe('bank details', () => {
  it('computes IBAN check digits as ISO 13616 publishes them', () => {
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(iban('GB', 'NWBK60161331926819')).toBe('GB29NWBK60161331926819');
    expect(iban('NL', 'ABNA0417164300')).toBe('NL91ABNA0417164300');
    expect(isValidIban('FR14 2004 1010 0505 0001 3M02 606')).toBe(true);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('DE8937040044')).toBe(false);
  });

  it('computes the French RIB key', () => {
    // The published example FR76 3000 6000 0112 3456 7890 189: bank 30006, branch 00001, account 12345678901, key 89.
    expect(frenchRibKey('30006', '00001', '12345678901')).toBe('89');
    expect(iban('FR', '30006000011234567890189')).toBe('FR7630006000011234567890189');
    expect(() => frenchRibKey('3000', '00001', '12345678901')).toThrow();
  });

  it('computes ABA routing check digits', () => {
    expect(abaRoutingNumber('02100002')).toBe('021000021');
    expect(isValidAbaRoutingNumber('021000021')).toBe(true);
    expect(isValidAbaRoutingNumber('021000022')).toBe(false);
  });

  it('computes CLABE check digits', () => {
    expect(clabe('032', '180', '00011835971')).toBe('032180000118359719');
    expect(isValidClabe('032180000118359719')).toBe(true);
    expect(isValidClabe('032180000118359718')).toBe(false);
  });

  it('recognises BIC formats', () => {
    expect(isValidBic('COBADEFFXXX')).toBe(true);
    expect(isValidBic('BARCGB22')).toBe(true);
    expect(isValidBic('BARCGB2')).toBe(false);
  });
});
