// Owns writing names and remittance text in the character set banks take in credit transfer files: the EPC's SEPA
// set, which is also SWIFT's "x" set (a–z A–Z 0–9 / - ? : ( ) . , ' + and space). Diacritics are dropped (Zoë → Zoe),
// a few letters written out (ß → ss, Æ → AE), `&` becomes `+`, anything else a `.`. A name with no Latin letter left
// (a name in Cyrillic or Han script) cannot be written: the desk refuses to put it in a file rather than send dots.

const WRITTEN_OUT: Readonly<Record<string, string>> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'TH',
  þ: 'th',
  ı: 'i',
  '&': '+',
};

const OUTSIDE_THE_SET = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/** `text` in the banks' Latin set, spaces collapsed; null stays null. */
export function bankLatin(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return [...text.normalize('NFKD').replace(/\p{M}/gu, '')]
    .map((character) => WRITTEN_OUT[character] ?? character)
    .join('')
    .replace(/\s+/g, ' ')
    .replace(OUTSIDE_THE_SET, '.')
    .trim();
}

/** Whether a name still names someone once written in the banks' Latin set (it keeps at least one Latin letter). */
export function writableInBankLatin(name: string): boolean {
  return /[A-Za-z]/.test(bankLatin(name) ?? '');
}
