'use client';
// Owns the search box of a list: what is typed stays in the form until submitted, then becomes the list's `q` in the
// URL (the list's state); a new URL (back, a link) puts its own text back in the box.
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { Button } from './button';
import { cn } from './cn';
import { Form, FormField } from './form';
import { Input } from './input';
import { useLazyResolver } from './lazy-resolver';

interface Values {
  q: string;
}

const schema = lazySchema(() => import('./search-schema').then((m) => m.search));

export function SearchForm({
  value,
  onSearch,
  label,
  formLabel,
  placeholder,
  className,
  inputClassName,
  type = 'search',
  children,
}: {
  /** The search in force (from the URL). */
  value: string;
  /** The trimmed text, '' to clear. */
  onSearch: (q: string) => void;
  /** The box's accessible name (visually hidden). */
  label: string;
  formLabel?: string;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
  type?: 'search' | 'text';
  /** More controls after the button. */
  children?: ReactNode;
}) {
  const form = useForm<Values>({ resolver: useLazyResolver<Values>(schema), values: { q: value } });
  return (
    <Form
      form={form}
      onSubmit={({ q }) => onSearch(q)}
      summary={false}
      aria-label={formLabel}
      className={cn('flex items-end gap-2', className)}
    >
      <FormField control={form.control} name="q" label={<span className="sr-only">{label}</span>}>
        {(field) => (
          <Input
            type={type}
            placeholder={placeholder}
            maxLength={100}
            className={inputClassName}
            {...field}
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {children}
    </Form>
  );
}
