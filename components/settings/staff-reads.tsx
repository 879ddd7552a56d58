'use client';
// Owns Settings → Access log's "Staff reads": every read of this organization's data by the provider's staff, inside
// a view or from the support console, newest first (admins only). Its pages live in the component: the URL's page
// belongs to the views above it.
import { useState } from 'react';
import { DateTime } from '@/components/ui/date-time';
import { localPageParams } from '@/components/ui/list-params';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { staffReadRecord, staffReadWords } from '@/lib/platform/format/activity';
import { listStaffReadsOperation } from '@/lib/support/contract/routes';

const PAGE_SIZE = 25;

export function StaffReads() {
  const [page, setPage] = useState(1);
  const params = localPageParams(page, PAGE_SIZE, setPage);
  const result = useApiQuery(listStaffReadsOperation, {
    query: { page: String(page), limit: String(PAGE_SIZE) },
  });
  if (result.isPending) return <LoadingBlock label="Loading staff reads" />;
  if (result.isError) return <ErrorState error={result.error} onRetry={() => result.refetch()} />;
  if (result.data.items.length === 0) {
    return (
      <EmptyState
        title="Support has not read your data"
        description="Each time our staff read your organization's data, inside a view or while reviewing a profile, it is listed here."
      />
    );
  }
  return (
    <>
      <Table columns={['When', 'Who', 'What', 'Record', 'View']} caption="Reads by provider staff">
        {result.data.items.map((read) => (
          <tr key={read.id} data-testid="staff-read-row">
            <td className="px-3 py-2 text-xs">
              <DateTime value={read.created_at} />
            </td>
            <td className="px-3 py-2 text-sm">
              {read.staff_name}
              <div className="text-xs text-slate-500">{read.staff_email}</div>
            </td>
            <td className="px-3 py-2 text-sm">{staffReadWords(read.operation, read.method)}</td>
            <td className="break-all px-3 py-2 text-xs" title={read.resource}>
              {staffReadRecord(read.resource)}
            </td>
            <td className="px-3 py-2 font-mono text-xs">
              {read.view_id ? read.view_id.slice(0, 8) : 'Console (no view)'}
            </td>
          </tr>
        ))}
      </Table>
      <Pagination params={params} total={result.data.meta.total} pageSizes={[PAGE_SIZE]} />
    </>
  );
}
