'use client';
// Owns drawing the balance history (recharts, loaded on demand by balance-chart-card). Amounts become numbers only
// for the geometry of the plot; every figure a reader sees is the exact decimal string, formatted.
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocale } from '@/components/ui/locale';
import type { BalanceHistoryWire } from '@/lib/funding/contract/schemas';
import { formatDate, formatMoney } from '@/lib/platform/format';

type Day = BalanceHistoryWire['items'][number];

const COLORS = { available: 'oklch(0.51 0.2 265)', held: 'oklch(0.75 0.15 75)' };

export function BalanceChart({ items }: { items: Day[] }) {
  const { locale } = useLocale();
  const data = items.map((day) => ({
    ...day,
    availableValue: Number(day.available),
    heldValue: Number(day.held),
  }));
  const dayLabel = (date: string) => formatDate(`${date}T00:00:00Z`, 'date', { locale, timeZone: 'UTC' });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const last = items.at(-1);
  return (
    <figure>
      <div className="h-56 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={(date: string) => dayLabel(date).replace(/,? \d{4}$/, '')}
              tick={{ fontSize: 11, fill: '#64748b' }}
              minTickGap={24}
            />
            <YAxis
              width={48}
              tick={{ fontSize: 11, fill: '#64748b' }}
              tickFormatter={(value: number) => compact.format(value)}
            />
            <Tooltip
              content={({ active, payload }) => {
                const day = active ? (payload?.[0]?.payload as Day | undefined) : undefined;
                if (!day) return null;
                return (
                  <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow">
                    <p className="font-semibold text-slate-900">{dayLabel(day.date)}</p>
                    <p style={{ color: COLORS.available }}>
                      Available {formatMoney(day.available, 'USDT', { locale })}
                    </p>
                    <p className="text-amber-700">Held {formatMoney(day.held, 'USDT', { locale })}</p>
                  </div>
                );
              }}
            />
            <Area
              type="monotone"
              dataKey="availableValue"
              name="Available"
              stroke={COLORS.available}
              fill={COLORS.available}
              fillOpacity={0.12}
              strokeWidth={2}
              isAnimationActive={false}
            />
            <Area
              type="monotone"
              dataKey="heldValue"
              name="Held"
              stroke={COLORS.held}
              fill={COLORS.held}
              fillOpacity={0.15}
              strokeWidth={2}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: COLORS.available }} />
          Available
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: COLORS.held }} />
          Held
        </span>
        {last ? (
          <span className="sr-only">
            {`From ${dayLabel(items[0]!.date)} to ${dayLabel(last.date)}; today available ${formatMoney(last.available, 'USDT', { locale })}, held ${formatMoney(last.held, 'USDT', { locale })}.`}
          </span>
        ) : null}
      </figcaption>
      <div className="sr-only">
        <table>
          <caption>Daily closing balance</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Available</th>
              <th scope="col">Held</th>
            </tr>
          </thead>
          <tbody>
            {items.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date)}</th>
                <td>{formatMoney(day.available, 'USDT', { locale })}</td>
                <td>{formatMoney(day.held, 'USDT', { locale })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
