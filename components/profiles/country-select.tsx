'use client';
// Owns choosing a country by name (ISO 3166-1 alpha-2 underneath), with the names in the user's language.
import { type Ref, useMemo } from 'react';
import { Select } from '@/components/ui/select';
import { COUNTRY_CODES } from '@/lib/profiles/contract/countries';

export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function CountrySelect({
  value,
  onValueChange,
  codes = COUNTRY_CODES,
  placeholder = 'Choose a country',
  name,
  ref,
}: {
  value: string | undefined;
  onValueChange: (value: string) => void;
  codes?: readonly string[];
  placeholder?: string;
  name?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  const options = useMemo(
    () =>
      codes
        .map((code) => ({ value: code, label: `${countryName(code)} (${code})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [codes],
  );
  return (
    <Select
      value={value || undefined}
      onValueChange={onValueChange}
      options={options}
      placeholder={placeholder}
      name={name}
      ref={ref}
    />
  );
}
