'use client';
// Owns the beneficiaries list: a search by name or reference, sender, status and currency filters and the page in
// the URL, masked accounts, and the CSV export of what the filters select.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { useListParams } from '@/components/ui/list-params';
import { SearchForm } from '@/components/ui/search-form';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { saveBlob } from '@/lib/platform/browser/save-blob';
import { FIAT_CURRENCIES } from '@/lib/platform/money/facts';
import type { ProfileStatus } from '@/lib/profiles/contract/enums';
import { exportBeneficiariesOperation, listBeneficiariesOperation } from '@/lib/profiles/contract/routes';
import type { BeneficiaryWire } from '@/lib/profiles/contract/schemas';
import { countryName } from './country-select';
import { ProfileTable, profileColumns, StatusFilter } from './profile-table';
import { useAllSenders } from './queries';
import { Masked } from './review-status';

function account(row: BeneficiaryWire) {
  if (row.iban_last4)
    return (
      <>
        IBAN <Masked last4={row.iban_last4} />
      </>
    );
  return (
    <>
      Account <Masked last4={row.account_number_last4} />
    </>
  );
}

export function BeneficiariesList() {
  const params = useListParams();
  const status = params.get('status') as ProfileStatus | null;
  const currency = params.get('currency');
  const senderId = params.get('sender_profile_id');
  const search = params.get('q');
  const [exporting, setExporting] = useState(false);
  const notify = useToast();
  const senders = useAllSenders();
  const senderName = new Map((senders.data?.items ?? []).map((s) => [s.id, s.legal_name]));
  const filters = {
    ...(status ? { status } : {}),
    ...(currency ? { currency } : {}),
    ...(senderId ? { sender_profile_id: senderId } : {}),
    ...(search ? { q: search } : {}),
  };
  const query = useApiQuery(listBeneficiariesOperation, {
    query: { limit: String(params.limit), page: String(params.page), ...filters },
  });
  const exportCsv = async () => {
    setExporting(true);
    try {
      saveBlob(await apiFetch(exportBeneficiariesOperation, { query: filters }), 'beneficiaries.csv');
    } catch (error) {
      notify({
        tone: 'error',
        title: 'The export failed',
        description: error instanceof Error ? error.message : 'The request did not reach the server.',
      });
    } finally {
      setExporting(false);
    }
  };
  const common = profileColumns<BeneficiaryWire>('beneficiary', 'name', (row) => row.name);
  const columns: Column<BeneficiaryWire>[] = [
    common.name,
    common.reference,
    {
      key: 'sender',
      header: 'Sender',
      cell: (row) => senderName.get(row.sender_profile_id) ?? '…',
    },
    {
      key: 'currency',
      header: 'Currency',
      cell: (row) => `${row.currency} · ${countryName(row.bank_country)}`,
    },
    { key: 'account', header: 'Account', cell: account },
    common.status,
    common.created,
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchForm
          formLabel="Search beneficiaries"
          label="Search by name or reference"
          placeholder="Name or reference"
          value={search ?? ''}
          onSearch={(q) => params.set({ q: q || null, page: null })}
          className="w-full sm:w-auto"
          inputClassName="w-full sm:w-56"
        />
        <div className="w-56">
          <Select
            aria-label="Filter by sender"
            value={senderId ?? 'all'}
            onValueChange={(value) => params.set({ sender_profile_id: value === 'all' ? null : value })}
            options={[
              { value: 'all', label: 'All senders' },
              ...(senders.data?.items ?? []).map((s) => ({ value: s.id, label: s.legal_name })),
            ]}
          />
        </div>
        <StatusFilter params={params} className="w-44" />
        <div className="w-40">
          <Select
            aria-label="Filter by currency"
            value={currency ?? 'all'}
            onValueChange={(value) => params.set({ currency: value === 'all' ? null : value })}
            options={[
              { value: 'all', label: 'All currencies' },
              ...FIAT_CURRENCIES.map((c) => ({ value: c, label: c })),
            ]}
          />
        </div>
        <Button type="button" variant="secondary" onClick={exportCsv} busy={exporting} className="sm:ml-auto">
          Export CSV
        </Button>
      </div>
      <ProfileTable
        kind="beneficiary"
        caption="Beneficiaries"
        columns={columns}
        query={query}
        params={params}
        empty={{
          title:
            status || currency || senderId || search
              ? 'No beneficiaries match these filters'
              : 'No beneficiaries yet',
          description:
            'A beneficiary is who gets paid: a bank account in a currency, registered under one of your senders.',
          action: 'Add a beneficiary',
        }}
      />
    </div>
  );
}
