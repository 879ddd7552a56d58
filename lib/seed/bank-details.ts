// Owns the check-digit arithmetic of the demo bank details: IBAN (ISO 13616 mod-97), French RIB key, US ABA routing
// numbers and Mexican CLABE, so every seeded account number passes the validators a real bank would run.

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

export function isValidIban(value: string): boolean {
  const text = value.replaceAll(' ', '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(text)) return false;
  return mod97(ibanDigits(`${text.slice(4)}${text.slice(0, 4)}`)) === 1;
}

/** The French "clé RIB": 97 − ((89 × bank + 15 × branch + 3 × account) mod 97), for digit-only accounts. */
export function frenchRibKey(bank: string, branch: string, account: string): string {
  if (!/^\d{5}$/.test(bank) || !/^\d{5}$/.test(branch) || !/^\d{11}$/.test(account)) {
    throw new Error('a RIB is a 5-digit bank, a 5-digit branch and an 11-digit account');
  }
  const remainder = (89 * Number(bank) + 15 * Number(branch) + 3 * mod97(account)) % 97;
  return String(97 - remainder).padStart(2, '0');
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

/** ISO 9362: 4 letters (institution), 2 letters (country), 2 letters or digits (location), optional 3 (branch). */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);
}
