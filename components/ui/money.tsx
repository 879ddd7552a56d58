'use client';
// Owns amounts on screen: the one money formatter in the reader's locale, tabular digits, never a JS number.
import { formatMoney, type MoneyFormatOptions } from '@/lib/format';
import { cn } from './cn';
import { useLocale } from './locale';

export function Money({
  amount,
  currency,
  signDisplay,
  className,
  codeClassName,
}: {
  /** A decimal string as the API sends it ("1250.50"). */
  amount: string;
  currency: string;
  signDisplay?: MoneyFormatOptions['signDisplay'];
  className?: string;
  codeClassName?: string;
}) {
  const { locale } = useLocale();
  const figure = formatMoney(amount, currency, { locale, signDisplay, withCurrency: false });
  return (
    <span className={cn('whitespace-nowrap tabular-nums', className)}>
      {figure}{' '}
      <span className={cn('text-[0.75em] font-normal text-slate-500', codeClassName)}>{currency}</span>
    </span>
  );
}
