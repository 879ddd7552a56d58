'use client';
// Owns choosing one client organization in the support console by typing part of its name (or pasting its id):
// the directory is searched on the server as the staff member types, so it scales past what a page can hold.
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { searchSupportOrganizationsOperation } from '@/lib/support/contract/routes';

export interface PickedOrganization {
  id: string;
  name: string;
}

/** Waits until typing pauses, so each keystroke does not become a request. */
const SEARCH_DELAY_MS = 250;
const MATCHES_SHOWN = 10;

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function OrganizationPicker({
  value,
  onChange,
  id,
}: {
  value: PickedOrganization | null;
  onChange: (organization: PickedOrganization | null) => void;
  id?: string;
}) {
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim(), SEARCH_DELAY_MS);
  const result = useApiQuery(
    searchSupportOrganizationsOperation,
    { query: { q: q || undefined, limit: String(MATCHES_SHOWN) } },
    { placeholderData: keepPreviousData },
  );
  const matches = result.data?.items;
  const options = useMemo<ComboboxOption[]>(() => {
    const found = (matches ?? []).map((org) => ({
      value: org.id,
      label: org.name,
      description: <span className="font-mono">{org.id}</span>,
    }));
    // The chosen organization stays an option, so its name still shows once the search moves on.
    if (value && !found.some((option) => option.value === value.id)) {
      found.unshift({
        value: value.id,
        label: value.name,
        description: <span className="font-mono">{value.id}</span>,
      });
    }
    return found;
  }, [matches, value]);

  return (
    <Combobox
      id={id}
      options={options}
      value={value?.id ?? null}
      onValueChange={(chosen) => {
        const option = options.find((candidate) => candidate.value === chosen);
        onChange(option ? { id: option.value, name: option.label } : null);
      }}
      filter={false}
      onQueryChange={setTyped}
      loading={result.isFetching || typed.trim() !== q}
      placeholder="Search by name or paste the id"
      emptyText={result.isError ? 'The search failed. Type again to retry.' : 'No organization matches'}
    />
  );
}
