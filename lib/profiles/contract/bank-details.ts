// Owns the format and check-digit rules of bank identifiers: IBAN (ISO 13616 mod-97 and per-country length), BIC
// (ISO 9362, and its country against the IBAN's), US ABA, GB sort code, IN IFSC, MX CLABE, AU BSB, CA transit and
// institution — and the generators the demo data uses. Pure functions: the portal's forms run them too. The IBAN and
// BIC rules themselves (registry, per-country layout, national and ISO 7064 check digits) are ibantools'.
import {
  composeIBAN,
  getCountrySpecifications,
  isValidBIC,
  ValidationErrorsIBAN,
  validateIBAN,
} from 'ibantools';

/**
 * IBAN length per country, from ibantools' copy of the SWIFT IBAN registry (and the national IBANs outside it). A
 * country absent here issues no IBANs, so an "IBAN" for it is refused even when its checksum happens to work.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(getCountrySpecifications()).flatMap(([country, spec]) =>
    spec.chars ? [[country, spec.chars]] : [],
  ),
);

/** Upper case without spaces (the stored form of IBANs, BICs and routing codes). */
export function compact(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** A complete IBAN in its stored form (upper case, no spaces); throws for a BBAN its country does not lay out so. */
export function iban(country: string, bban: string): string {
  const composed = composeIBAN({ countryCode: country, bban: compact(bban) });
  if (!composed) throw new Error(`${bban} is not a ${country} BBAN`);
  return composed;
}

/** The two check digits of an IBAN: 98 − (BBAN + country + "00") mod 97. */
export function ibanCheckDigits(country: string, bban: string): string {
  return iban(country, bban).slice(2, 4);
}

/** Why an IBAN is invalid, or null when it is valid. Accepts spaces and lower case. */
export function ibanProblem(value: string): string | null {
  const text = compact(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(text)) {
    return 'must be an IBAN: 2 letters, 2 check digits, then letters and digits';
  }
  const country = text.slice(0, 2);
  const expected = IBAN_LENGTHS[country];
  if (expected === undefined) return `${country} does not issue IBANs`;
  const { errorCodes } = validateIBAN(text);
  // The most specific reason first: a wrong length also breaks the layout and the checksum.
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) {
    return `must be ${expected} characters for ${country} (got ${text.length})`;
  }
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) {
    return `does not have the layout of a ${country} IBAN (letters where digits belong, or the reverse)`;
  }
  if (errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum))
    return 'has a wrong check digit (mistyped?)';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum)) {
    return `has a wrong ${country} account check digit (mistyped?)`;
  }
  return null;
}

export function isValidIban(value: string): boolean {
  return ibanProblem(value) === null;
}

/** The French "clé RIB": 97 − ((89 × bank + 15 × branch + 3 × account) mod 97), for digit-only accounts. */
export function frenchRibKey(bank: string, branch: string, account: string): string {
  if (!/^\d{5}$/.test(bank) || !/^\d{5}$/.test(branch) || !/^\d{11}$/.test(account)) {
    throw new Error('a RIB is a 5-digit bank, a 5-digit branch and an 11-digit account');
  }
  const remainder = (89 * Number(bank) + 15 * Number(branch) + 3 * (Number(account) % 97)) % 97;
  return String(97 - remainder).padStart(2, '0');
}

/** ISO 9362: 4 letters (institution), 2 letters (country), 2 letters or digits (location), optional 3 (branch). */
export function isValidBic(value: string): boolean {
  const text = compact(value);
  // ibantools also checks that the country exists; the institution must be letters, which it does not require.
  return /^[A-Z]{4}/.test(text) && isValidBIC(text);
}

export function bicCountry(value: string): string {
  return compact(value).slice(4, 6);
}

/**
 * Territories that use another country's IBAN but their own BIC country code (Crown Dependencies use GB IBANs,
 * French overseas departments FR IBANs, Åland FI IBANs), so the consistency check does not refuse real accounts.
 */
const BIC_COUNTRIES_OF_IBAN: Readonly<Record<string, readonly string[]>> = {
  GB: ['GB', 'JE', 'GG', 'IM'],
  FR: ['FR', 'GF', 'GP', 'MQ', 'RE', 'YT', 'PM', 'BL', 'MF', 'NC', 'PF', 'WF', 'MC'],
  FI: ['FI', 'AX'],
  ES: ['ES', 'IC', 'EA'],
};

/** Whether a bank with this BIC may hold accounts in `country` (an IBAN's or the bank's country). */
export function bicMatchesCountry(bic: string, country: string): boolean {
  return (BIC_COUNTRIES_OF_IBAN[country] ?? [country]).includes(bicCountry(bic));
}

/** Whether a BIC may hold the account the IBAN names. */
export function bicMatchesIbanCountry(bic: string, ibanValue: string): boolean {
  return bicMatchesCountry(bic, compact(ibanValue).slice(0, 2));
}

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/** A nine-digit ABA routing number: the first eight digits plus the check digit that makes the weighted sum ≡ 0 (mod 10). */
export function abaRoutingNumber(firstEight: string): string {
  if (!/^\d{8}$/.test(firstEight)) throw new Error('an ABA routing number starts with eight digits');
  const sum = [...firstEight].reduce((total, digit, i) => total + Number(digit) * ABA_WEIGHTS[i]!, 0);
  return `${firstEight}${(10 - (sum % 10)) % 10}`;
}

export function isValidAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  // The first two digits name a Federal Reserve district (00–12), a thrift (21–32), or an electronic/traveller
  // range (61–72, 80); anything else is not a routing number.
  const prefix = Number(value.slice(0, 2));
  const validPrefix =
    prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  if (!validPrefix) return false;
  return [...value].reduce((total, digit, i) => total + Number(digit) * ABA_WEIGHTS[i]!, 0) % 10 === 0;
}

const CLABE_WEIGHTS = [3, 7, 1];

function clabeCheckDigit(first17: string): string {
  const sum = [...first17].reduce(
    (total, digit, i) => total + ((Number(digit) * CLABE_WEIGHTS[i % 3]!) % 10),
    0,
  );
  return String((10 - (sum % 10)) % 10);
}

/** An 18-digit CLABE: bank (3), plaza (3), account (11) and the check digit. */
export function clabe(bank: string, plaza: string, account: string): string {
  const first17 = `${bank}${plaza}${account}`;
  if (!/^\d{17}$/.test(first17))
    throw new Error('a CLABE is a 3-digit bank, a 3-digit plaza and an 11-digit account');
  return `${first17}${clabeCheckDigit(first17)}`;
}

export function isValidClabe(value: string): boolean {
  return /^\d{18}$/.test(value) && clabeCheckDigit(value.slice(0, 17)) === value.slice(17);
}

/** UK sort code: six digits (written 20-00-00). */
export function isValidSortCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** Indian Financial System Code: 4-letter bank, a zero, 6-character branch. */
export function isValidIfsc(value: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value);
}

/** Australian Bank-State-Branch number: six digits (written 062-000). */
export function isValidBsb(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** Canadian routing: 5-digit transit (branch) followed by the 3-digit institution number, stored as 8 digits. */
export function isValidCanadianRouting(value: string): boolean {
  return /^\d{8}$/.test(value);
}

/** Named rules the requirements refer to; each returns why a (compacted) value is invalid, or null. */
export const BANK_RULES = {
  iban: ibanProblem,
  bic: (value: string) =>
    isValidBic(value) ? null : 'must be a SWIFT/BIC code of 8 or 11 characters (e.g. COBADEFFXXX)',
  aba: (value: string) =>
    isValidAbaRoutingNumber(value)
      ? null
      : /^\d{9}$/.test(value)
        ? 'is not a valid ABA routing number (check digit or prefix)'
        : 'must be a 9-digit ABA routing number',
  sort_code: (value: string) =>
    isValidSortCode(value) ? null : 'must be a 6-digit sort code (e.g. 20-00-00)',
  ifsc: (value: string) =>
    isValidIfsc(value) ? null : 'must be an 11-character IFSC: 4 letters, 0, then 6 letters or digits',
  clabe: (value: string) =>
    isValidClabe(value)
      ? null
      : /^\d{18}$/.test(value)
        ? 'has a wrong check digit (mistyped?)'
        : 'must be an 18-digit CLABE',
  bsb: (value: string) => (isValidBsb(value) ? null : 'must be a 6-digit BSB (e.g. 062-000)'),
  ca_routing: (value: string) =>
    isValidCanadianRouting(value)
      ? null
      : 'must be the 5-digit transit number and the 3-digit institution number (e.g. 00011-003)',
} as const satisfies Record<string, (value: string) => string | null>;

export type BankRule = keyof typeof BANK_RULES;
