'use client';
// Owns drawing completed payout volume per day (recharts, loaded on demand). Numbers serve only the bars' geometry;
// every figure a reader sees is the exact decimal, formatted for the currency.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocale } from '@/components/ui/locale';
import { formatDate, formatMoney } from '@/lib/platform/format';
import type { DayVolume } from './outcomes';

export function VolumeChart({ volume, currency }: { volume: readonly DayVolume[]; currency: string }) {
  const { locale } = useLocale();
  const data = volume.map((day) => ({
    date: day.date,
    text: day.amounts[currency] ?? '0',
    value: Number(day.amounts[currency] ?? '0'),
  }));
  const dayLabel = (date: string) => formatDate(`${date}T00:00:00Z`, 'date', { locale, timeZone: 'UTC' });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <figure>
      <div className="h-56 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="date" tickFormatter={dayLabel} tick={{ fontSize: 11 }} minTickGap={24} />
            <YAxis tickFormatter={(v: number) => compact.format(v)} tick={{ fontSize: 11 }} width={48} />
            <Tooltip
              labelFormatter={(label) => dayLabel(String(label))}
              formatter={(_value, _name, item) => [
                formatMoney(String((item.payload as { text: string }).text), currency, { locale }),
                'Completed',
              ]}
            />
            <Bar dataKey="value" fill="oklch(0.51 0.2 265)" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        {data
          .filter((d) => d.value > 0)
          .map((d) => `${dayLabel(d.date)}: ${formatMoney(d.text, currency, { locale })}`)
          .join('; ') || 'No completed payouts'}
      </figcaption>
    </figure>
  );
}
