// Owns reading the rate sheet treasury pastes: one currency a line ("EUR 0.9231", or a spreadsheet's two cells,
// tab- or comma-separated), each checked with the wire's own rules so a mistake is named by its line before anything
// is sent.
import { MAX_SHEET_RATES, SHEET_CURRENCY_TEXT, SHEET_RATE_TEXT } from '@/lib/pricing/contract/sheet-rules';

export interface SheetRate {
  currency: string;
  units_per_usdt: string;
}

export type SheetReading = { rates: SheetRate[]; problems: [] } | { rates: SheetRate[]; problems: string[] };

export function readSheetText(text: string): SheetReading {
  const rates: SheetRate[] = [];
  const problems: string[] = [];
  const lineOf = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const where = `Line ${index + 1}`;
    // Spaces, tabs or a semicolon separate the cells; a comma only in a CSV line with no other separator, so a
    // decimal comma ("EUR 0,92") is refused rather than read as a separator.
    let cells = line.split(/[\s;]+/).filter(Boolean);
    if (cells.length === 1 && line.split(',').length === 2)
      cells = line.split(',').map((cell) => cell.trim());
    if (cells.length !== 2) {
      problems.push(`${where}: write the currency and its rate, e.g. "EUR 0.9231"`);
      return;
    }
    const currency = cells[0]!.toUpperCase();
    const rate = cells[1]!;
    if (!SHEET_CURRENCY_TEXT.test(currency))
      problems.push(`${where}: "${cells[0]}" is not a currency code such as EUR`);
    else if (!SHEET_RATE_TEXT.test(rate))
      problems.push(
        `${where}: "${rate}" is not a positive rate with at most 12 decimals (use a dot: 0.9231)`,
      );
    else if (lineOf.has(currency))
      problems.push(`${where}: ${currency} is already on line ${lineOf.get(currency)}`);
    else {
      lineOf.set(currency, index + 1);
      rates.push({ currency, units_per_usdt: rate });
    }
  });
  if (rates.length === 0 && problems.length === 0) problems.push('Enter at least one rate');
  if (rates.length > MAX_SHEET_RATES) problems.push(`A sheet holds at most ${MAX_SHEET_RATES} currencies`);
  return { rates, problems };
}
