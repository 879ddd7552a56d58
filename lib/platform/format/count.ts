// Owns counted nouns in copy: "1 order", "2 orders", "1,250 orders" — never "1 orders".

/** The count, grouped for reading, with the noun in the number it needs (English plural rules). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  const noun = new Intl.PluralRules('en-US').select(count) === 'one' ? singular : plural;
  return `${count.toLocaleString('en-US')} ${noun}`;
}
