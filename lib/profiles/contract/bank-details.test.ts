// Unit tests of bank identifier rules against real-world published examples, valid and invalid.
import { describe, expect, it } from 'vitest';
import {
  abaRoutingNumber,
  BANK_RULES,
  bicMatchesIbanCountry,
  clabe,
  frenchRibKey,
  iban,
  ibanCheckDigits,
  ibanProblem,
  isValidAbaRoutingNumber,
  isValidBic,
  isValidBsb,
  isValidCanadianRouting,
  isValidClabe,
  isValidIban,
  isValidIfsc,
  isValidSortCode,
} from './bank-details';

describe('IBAN', () => {
  it.each([
    'DE89370400440532013000',
    'GB29NWBK60161331926819',
    'GB82 WEST 1234 5698 7654 32',
    'FR14 2004 1010 0505 0001 3M02 606',
    'NL91ABNA0417164300',
    'BE68539007547034',
    'CH9300762011623852957',
    'NO9386011117947',
    'MT84MALT011000012345MTLCAST001S',
    'SA0380000000608010167519',
    'AE070331234567890123456',
    'IT60X0542811101000000123456',
    'es91 2100 0418 4502 0005 1332',
  ])('accepts the published example %s', (value) => {
    expect(ibanProblem(value)).toBeNull();
  });

  it.each([
    ['DE89370400440532013001', 'has a wrong check digit (mistyped?)'],
    ['GB29NWBK60161331926818', 'has a wrong check digit (mistyped?)'],
    ['DE8937040044053201300', 'must be 22 characters for DE (got 21)'],
    ['NL91ABNA04171643001', 'must be 18 characters for NL (got 19)'],
    ['US64SVBKUS6S3300958879', 'US does not issue IBANs'],
    ['DE8937040044053201300!', 'must be an IBAN: 2 letters, 2 check digits, then letters and digits'],
    ['1234567890', 'must be an IBAN: 2 letters, 2 check digits, then letters and digits'],
  ])('refuses %s: %s', (value, message) => {
    expect(ibanProblem(value)).toBe(message);
  });

  it('refuses an IBAN whose mod-97 checksum fits but whose national layout or check digit does not', () => {
    // GB BBANs start with a 4-letter bank code; BE account numbers end with (first ten digits mod 97).
    expect(ibanProblem('GB45111111111111111111')).toBe(
      'does not have the layout of a GB IBAN (letters where digits belong, or the reverse)',
    );
    expect(ibanProblem('BE68539007547035')).toBe('has a wrong check digit (mistyped?)');
    expect(ibanProblem(iban('BE', '539007547035'))).toBe('has a wrong BE account check digit (mistyped?)');
  });

  it('computes check digits as ISO 13616 publishes them', () => {
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(iban('GB', 'NWBK60161331926819')).toBe('GB29NWBK60161331926819');
    expect(iban('NL', 'ABNA0417164300')).toBe('NL91ABNA0417164300');
    expect(isValidIban('DE8937040044')).toBe(false);
  });

  it('computes the French RIB key', () => {
    // FR76 3000 6000 0112 3456 7890 189: bank 30006, branch 00001, account 12345678901, key 89.
    expect(frenchRibKey('30006', '00001', '12345678901')).toBe('89');
    expect(iban('FR', '30006000011234567890189')).toBe('FR7630006000011234567890189');
    expect(() => frenchRibKey('3000', '00001', '12345678901')).toThrow();
  });
});

describe('SWIFT/BIC', () => {
  it.each(['COBADEFFXXX', 'DEUTDEFF', 'DEUTDEFF500', 'BARCGB22', 'NEDSZAJJXXX', 'CHASUS33', 'bnpafrpp'])(
    'accepts %s',
    (value) => expect(isValidBic(value)).toBe(true),
  );
  it.each(['BARCGB2', 'DEUTDEF', '1EUTDEFF', 'DEUT12FF', 'DEUTDEFF50', 'DEUTDEFF5000'])(
    'refuses %s',
    (value) => expect(isValidBic(value)).toBe(false),
  );
  it('checks the BIC country against the IBAN country, allowing territories that share an IBAN country', () => {
    expect(bicMatchesIbanCountry('COBADEFFXXX', 'DE89370400440532013000')).toBe(true);
    expect(bicMatchesIbanCountry('BNPAFRPP', 'DE89370400440532013000')).toBe(false);
    // A Jersey bank holds GB IBAN accounts.
    expect(bicMatchesIbanCountry('RBOSJESH', 'GB29NWBK60161331926819')).toBe(true);
  });
});

describe('US ABA routing numbers', () => {
  it.each(['021000021', '011000015', '026009593', '121000248', '322271627'])('accepts %s', (value) =>
    expect(isValidAbaRoutingNumber(value)).toBe(true),
  );
  it.each([
    ['021000022', 'wrong check digit'],
    ['991000021', 'no Federal Reserve prefix 99'],
    ['02100002', 'eight digits'],
    ['02100002A', 'a letter'],
  ])('refuses %s (%s)', (value) => expect(isValidAbaRoutingNumber(value)).toBe(false));
  it('computes the check digit', () => expect(abaRoutingNumber('02100002')).toBe('021000021'));
  it('explains which part is wrong', () => {
    expect(BANK_RULES.aba('021000022')).toBe('is not a valid ABA routing number (check digit or prefix)');
    expect(BANK_RULES.aba('0210')).toBe('must be a 9-digit ABA routing number');
  });
});

describe('MX CLABE', () => {
  it.each(['032180000118359719', '002010077777777771', '014027000005555558'])('accepts %s', (value) =>
    expect(isValidClabe(value)).toBe(true),
  );
  it.each(['032180000118359718', '03218000011835971', '0321800001183597190'])('refuses %s', (value) =>
    expect(isValidClabe(value)).toBe(false),
  );
  it('computes the check digit', () => expect(clabe('032', '180', '00011835971')).toBe('032180000118359719'));
});

describe('domestic routing codes', () => {
  it('IN IFSC: 4 letters, a zero, 6 letters or digits', () => {
    expect(isValidIfsc('HDFC0000240')).toBe(true);
    expect(isValidIfsc('SBIN0005943')).toBe(true);
    expect(isValidIfsc('HDFC1000240')).toBe(false);
    expect(isValidIfsc('HDF00000240')).toBe(false);
    expect(isValidIfsc('HDFC000024')).toBe(false);
  });
  it('GB sort code: six digits', () => {
    expect(isValidSortCode('200000')).toBe(true);
    expect(isValidSortCode('20000')).toBe(false);
    expect(isValidSortCode('20000A')).toBe(false);
  });
  it('AU BSB: six digits', () => {
    expect(isValidBsb('062000')).toBe(true);
    expect(isValidBsb('06200')).toBe(false);
  });
  it('CA transit (5) + institution (3)', () => {
    expect(isValidCanadianRouting('00011003')).toBe(true);
    expect(isValidCanadianRouting('0001100')).toBe(false);
  });
});
