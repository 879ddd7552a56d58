// Owns amounts as the builder takes them: the currency's decimals, typed with or without grouping, never a JS number.
import { FIAT_MINOR_UNITS } from '@/lib/money/facts';

/** Minor units of a currency the corridors may offer (2 when unknown, as ISO 4217's most common). */
export function decimalsOf(currency: string): number {
  return (FIAT_MINOR_UNITS as Record<string, number>)[currency] ?? 2;
}

/** "1,234.50" / "1 234.50" / " 1234.5 " → "1234.50"-style wire text: separators and spaces dropped, nothing rounded. */
export function normalizeAmount(text: string): string {
  return text.trim().replace(/[\s,'_\u00a0\u202f]/g, '');
}

/** The amount's first problem for this currency, as the user types (the server says the same, later). */
export function amountProblem(text: string, currency: string | null): string | null {
  const value = normalizeAmount(text);
  if (value === '') return 'Enter an amount';
  if (!/^\d+(\.\d+)?$/.test(value)) return 'Use digits and one decimal point, e.g. 1250.50';
  if (!/[1-9]/.test(value)) return 'Must be greater than zero';
  if (currency) {
    const decimals = decimalsOf(currency);
    const places = value.includes('.') ? value.split('.')[1]!.length : 0;
    if (places > decimals) {
      return decimals === 0
        ? `${currency} has no decimals: enter a whole number`
        : `${currency} allows at most ${decimals} decimals`;
    }
  }
  return null;
}
