'use client';
// Owns the senders list: status filter and page in the URL, the sender's type and country, and the way to register one.
import type { Column } from '@/components/ui/data-table';
import { useListParams } from '@/components/ui/list-params';
import { useApiQuery } from '@/lib/platform/browser/queries';
import type { ProfileStatus } from '@/lib/profiles/contract/enums';
import { listSendersOperation } from '@/lib/profiles/contract/routes';
import type { SenderWire } from '@/lib/profiles/contract/schemas';
import { countryName } from './country-select';
import { ProfileTable, profileColumns, StatusFilter } from './profile-table';

const common = profileColumns<SenderWire>('sender', 'legal_name', (row) => row.legal_name);
const columns: Column<SenderWire>[] = [
  common.name,
  common.reference,
  {
    key: 'type',
    header: 'Type',
    cell: (row) => (row.type === 'company' ? 'Company' : 'Individual'),
  },
  { key: 'country', header: 'Country', cell: (row) => countryName(row.country) },
  common.status,
  common.created,
];

export function SendersList() {
  const params = useListParams();
  const status = params.get('status') as ProfileStatus | null;
  const query = useApiQuery(listSendersOperation, {
    query: { limit: String(params.limit), page: String(params.page), ...(status ? { status } : {}) },
  });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <StatusFilter params={params} className="w-48" />
      </div>
      <ProfileTable
        kind="sender"
        caption="Senders"
        columns={columns}
        query={query}
        params={params}
        empty={{
          title: status ? 'No senders in this status' : 'No senders yet',
          description:
            'A sender is the entity of your organization that pays. It needs a KYB/KYC review before payouts can use it.',
          action: 'Register a sender',
        }}
      />
    </div>
  );
}
