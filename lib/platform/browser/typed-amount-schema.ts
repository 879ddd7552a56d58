// Owns the zod field of an amount a person types in a form: the one reader of typed amounts (lib/platform/money/typed-amount.ts)
// as a schema, so a form's resolver hands on the amount as the wire writes it ("1,250.50" → "1250.50") and refuses
// what the reader refuses, in its words. Only lazily loaded form schemas import it (zod stays off the first load).
import { z } from 'zod';
import { readTypedAmount } from '@/lib/platform/money/typed-amount';

/** A typed amount in `currency`; with `optional`, an empty field is "" (no amount) rather than "Enter an amount". */
export function typedAmountField(currency: string, { optional = false } = {}) {
  return z.string().transform((text, context) => {
    if (optional && text.trim() === '') return '';
    const { amount, problem } = readTypedAmount(text, currency);
    if (amount !== null) return amount;
    context.issues.push({ code: 'custom', message: problem, input: text });
    return z.NEVER;
  });
}
