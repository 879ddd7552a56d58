'use client';
// Owns amounts on screen: the one money formatter in the reader's locale, tabular digits, never a JS number.
import { formatMoney, type MoneyFormatOptions } from '@/lib/format';
import { cn } from './cn';
import { useLocale } from './locale';

export function Money({
  amount,
  currency,
  signDisplay,
  precision,
  rounding,
  className,
  codeClassName,
}: {
  /** A decimal string as the API sends it ("1250.50"). */
  amount: string;
  currency: string;
  signDisplay?: MoneyFormatOptions['signDisplay'];
  /** "exact" on ledger views: every USDT decimal; otherwise 2 like fiat (the exact figure in the tooltip). */
  precision?: MoneyFormatOptions['precision'];
  /** "up" for a shortfall, so paying in the figure shown covers it. */
  rounding?: MoneyFormatOptions['rounding'];
  className?: string;
  codeClassName?: string;
}) {
  const { locale } = useLocale();
  const figure = formatMoney(amount, currency, {
    locale,
    signDisplay,
    precision,
    rounding,
    withCurrency: false,
  });
  const exact = formatMoney(amount, currency, {
    locale,
    signDisplay,
    precision: 'exact',
    withCurrency: false,
  });
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
