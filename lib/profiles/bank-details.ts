// Owns the format and check-digit rules of bank identifiers: IBAN (ISO 13616 mod-97 and per-country length), BIC
// (ISO 9362, and its country against the IBAN's), US ABA, GB sort code, IN IFSC, MX CLABE, AU BSB, CA transit and
// institution — and the generators the demo data uses. Pure functions: the portal's forms run them too.

/** Letters count as 10..35 in IBAN arithmetic (A = 10, …, Z = 35). */
function ibanDigits(text: string): string {
  return [...text.toUpperCase()]
    .map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char))
    .join('');
}

function mod97(digits: string): number {
  // Chunked so the running value stays small: digit strings of every length work without bigint.
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  }
  return remainder;
}

/**
 * IBAN length per country, from the SWIFT IBAN registry. A country absent here issues no IBANs, so an "IBAN" for it
 * is refused even when its checksum happens to work.
 */
// biome-ignore format: a registry table reads best in rows
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21,
  CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18,
  FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26,
  IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24,
  ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29,
  PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23,
  ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Upper case without spaces (the stored form of IBANs, BICs and routing codes). */
export function compact(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** The two check digits of an IBAN: 98 − (BBAN + country + "00") mod 97. */
export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = mod97(ibanDigits(`${bban}${country}00`));
  return String(98 - remainder).padStart(2, '0');
}

/** A complete IBAN in its stored form (upper case, no spaces). */
export function iban(country: string, bban: string): string {
  const normalised = bban.replaceAll(' ', '').toUpperCase();
  return `${country}${ibanCheckDigits(country, normalised)}${normalised}`;
}

/** Why an IBAN is invalid, or null when it is valid. Accepts spaces and lower case. */
export function ibanProblem(value: string): string | null {
  const text = compact(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(text)) {
    return 'must be an IBAN: 2 letters, 2 check digits, then letters and digits';
  }
  const expected = IBAN_LENGTHS[text.slice(0, 2)];
  if (expected === undefined) return `${text.slice(0, 2)} does not issue IBANs`;
  if (text.length !== expected) {
    return `must be ${expected} characters for ${text.slice(0, 2)} (got ${text.length})`;
  }
  if (mod97(ibanDigits(`${text.slice(4)}${text.slice(0, 4)}`)) !== 1) {
    return 'has a wrong check digit (mistyped?)';
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
  const remainder = (89 * Number(bank) + 15 * Number(branch) + 3 * mod97(account)) % 97;
  return String(97 - remainder).padStart(2, '0');
}

/** ISO 9362: 4 letters (institution), 2 letters (country), 2 letters or digits (location), optional 3 (branch). */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(value));
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
