'use client';
// Owns amounts on screen: the one money formatter in the reader's locale, tabular digits, never a JS number.
import { formatMoney, type MoneyFormatOptions } from '@/lib/platform/format';
import { cn } from './cn';
import { useLocale } from './locale';

export function Money({
  amount,
  currency,
  signDisplay,
  rounding,
  className,
  codeClassName,
}: {
  /** A decimal string as the API sends it ("1250.50"): shown with the digits the API and the statement use. */
  amount: string;
  currency: string;
  signDisplay?: MoneyFormatOptions['signDisplay'];
  /** "up" for a shortfall, so paying in the figure shown covers it (the exact figure in the tooltip). */
  rounding?: MoneyFormatOptions['rounding'];
  className?: string;
  codeClassName?: string;
}) {
  const { locale } = useLocale();
  const figure = formatMoney(amount, currency, { locale, signDisplay, rounding, withCurrency: false });
  const exact = formatMoney(amount, currency, { locale, signDisplay, withCurrency: false });
  return (
    <span
      className={cn('whitespace-nowrap tabular-nums', className)}
      title={exact === figure ? undefined : `${exact} ${currency} exactly`}
    >
      {figure}{' '}
      <span className={cn('text-[0.75em] font-normal text-slate-500', codeClassName)}>{currency}</span>
    </span>
  );
}
