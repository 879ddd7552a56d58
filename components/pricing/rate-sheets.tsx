'use client';
// Owns the Rates page's body: the sheet in force (or why there is none), the form treasury publishes with, and the
// history of sheets with who published each and when. Support leads read it; only treasury publishes.
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { useListParams } from '@/components/ui/list-params';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import { listRateSheetsOperation } from '@/lib/pricing/contract/routes';
import { RateSheetForm } from './rate-sheet-form';

const STATE: Record<string, { label: string; tone: BadgeTone }> = {
  in_force: { label: 'In force', tone: 'success' },
  expired: { label: 'Expired', tone: 'danger' },
  superseded: { label: 'Superseded', tone: 'neutral' },
};

export function RateSheets({ canPublish }: { canPublish: boolean }) {
  const params = useListParams();
  const page = params.page;
  const result = useApiQuery(listRateSheetsOperation, {
    query: { page: String(params.page), limit: String(params.limit) },
  });
  const refresh = useRefresh(listRateSheetsOperation);
  if (result.isPending) return <LoadingBlock label="Loading rate sheets" />;
  if (result.isError) return <ErrorState error={result.error} onRetry={() => result.refetch()} />;
  const { items, meta } = result.data;
  const newest = page === 1 ? items[0] : undefined;
  return (
    <div className="space-y-6">
      {page === 1 ? (
        <p
          role="status"
          className={`rounded border px-3 py-2 text-sm ${newest?.state === 'in_force' ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
        >
          {newest?.state === 'in_force' ? (
            <>
              Quotes use the sheet published <DateTime value={newest.published_at} />, until{' '}
              <DateTime value={newest.valid_until} />.
            </>
          ) : newest ? (
            <>
              The last sheet expired <DateTime value={newest.valid_until} />: quoting is refused until a new
              sheet is published.
            </>
          ) : (
            'No sheet has been published: quoting is refused until one is.'
          )}
        </p>
      ) : null}
      {canPublish ? (
        <Card
          title="Publish a rate sheet"
          description="In force at once; quotes already made keep their rate."
        >
          <RateSheetForm onPublished={refresh} />
        </Card>
      ) : null}
      <Card title="History" description="Every sheet, newest first, with who published it.">
        {items.length === 0 ? (
          <EmptyState title="No rate sheets yet" />
        ) : (
          <Table columns={['Published', 'By', 'Valid until', 'State', 'Rates']} caption="Rate sheets">
            {items.map((sheet) => (
              <tr key={sheet.id} data-testid="rate-sheet-row">
                <td className="px-3 py-2 text-xs">
                  <DateTime value={sheet.published_at} />
                </td>
                <td className="px-3 py-2">{sheet.published_by.name}</td>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={sheet.valid_until} />
                </td>
                <td className="px-3 py-2">
                  <Badge tone={STATE[sheet.state]?.tone ?? 'neutral'}>
                    {STATE[sheet.state]?.label ?? sheet.state}
                  </Badge>
                </td>
                <td className="px-3 py-2 font-mono text-xs">
                  {sheet.rates.map((rate) => `${rate.currency} ${rate.units_per_usdt}`).join(' · ')}
                </td>
              </tr>
            ))}
          </Table>
        )}
        <Pagination params={params} total={meta.total} />
      </Card>
    </div>
  );
}
