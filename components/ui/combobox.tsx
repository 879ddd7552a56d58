'use client';
// Owns the searchable single choice (beneficiary, sender, currency): the ARIA 1.2 combobox pattern written out,
// since Radix has none — type to filter, arrows to move, Enter to choose, Escape to close. Options are filtered here
// by their label, or — for lists too long to hold (organizations) — by the server: the caller hears each query
// through `onQueryChange` and passes the matches with `filter={false}`.
import { type KeyboardEvent, type ReactNode, type Ref, useId, useMemo, useRef, useState } from 'react';
import { cn } from './cn';
import { useField } from './field';
import { ChevronDown } from './icons';
import { controlClasses } from './input';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (e.g. a country or an account's last digits). */
  description?: ReactNode;
  disabled?: boolean;
}

export function Combobox({
  options,
  value,
  onValueChange,
  placeholder = 'Type to search',
  emptyText = 'No matches',
  id,
  'aria-label': ariaLabel,
  filter = true,
  onQueryChange,
  loading = false,
  ref,
}: {
  options: readonly ComboboxOption[];
  value: string | null;
  onValueChange: (value: string | null) => void;
  placeholder?: string;
  emptyText?: string;
  id?: string;
  'aria-label'?: string;
  /** false when `options` are already the matches of the typed text (searched on the server). */
  filter?: boolean;
  /** Hears what the user types ('' when the list closes), e.g. to search on the server. */
  onQueryChange?: (query: string) => void;
  /** The matches are being fetched: the list says so instead of "no matches". */
  loading?: boolean;
  /** The text input, so a form can move focus to it (the error summary does). */
  ref?: Ref<HTMLInputElement>;
}) {
  const field = useField(id);
  const listId = useId();
  const selected = options.find((option) => option.value === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const filtered = useMemo(() => {
    const needle = (query ?? '').trim().toLowerCase();
    return needle && filter ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  }, [options, query, filter]);

  const changeQuery = (next: string | null) => {
    setQuery(next);
    onQueryChange?.(next ?? '');
  };

  const choose = (option: ComboboxOption) => {
    if (option.disabled) return;
    onValueChange(option.value);
    changeQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (filtered.length ? (current + step + filtered.length) % filtered.length : 0));
    } else if (event.key === 'Enter' && open) {
      const option = filtered[active];
      if (option) {
        event.preventDefault();
        choose(option);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        changeQuery(null);
      } else if (value !== null) {
        onValueChange(null);
      }
    } else if (event.key === 'Home' && open) {
      setActive(0);
    } else if (event.key === 'End' && open) {
      setActive(Math.max(filtered.length - 1, 0));
    }
  };

  const activeOption = open ? filtered[active] : undefined;
  return (
    <div className="relative">
      <input
        ref={(element) => {
          inputRef.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        {...field}
        type="text"
        role="combobox"
        aria-label={ariaLabel}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-busy={loading || undefined}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.value}` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={query ?? selected?.label ?? ''}
        onChange={(event) => {
          changeQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          if (query !== null) changeQuery(null);
        }}
        onKeyDown={onKeyDown}
        className={cn(controlClasses, 'h-10 pr-9')}
      />
      <ChevronDown className="pointer-events-none absolute top-3 right-3 size-4 text-slate-400" />
      <div
        id={listId}
        role="listbox"
        hidden={!open}
        className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        {filtered.length === 0 ? (
          <div className="px-2 py-1.5 text-sm text-slate-500">{loading ? 'Searching…' : emptyText}</div>
        ) : (
          filtered.map((option, index) => (
            <div
              key={option.value}
              id={`${listId}-${option.value}`}
              role="option"
              tabIndex={-1}
              aria-selected={option.value === value}
              aria-disabled={option.disabled || undefined}
              // mousedown keeps focus in the input, so blur does not close the list before the click lands
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseMove={() => setActive(index)}
              className={cn(
                'cursor-default rounded px-2 py-1.5 text-sm',
                index === active ? 'bg-accent-50 text-accent-700' : 'text-slate-800',
                option.value === value && 'font-semibold',
                option.disabled && 'opacity-50',
              )}
            >
              {option.label}
              {option.description ? <div className="text-xs text-slate-500">{option.description}</div> : null}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
