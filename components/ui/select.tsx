'use client';
// Owns the single-choice select: Radix Select (keyboard, typeahead, screen readers) in the product's look.
import { Select as RadixSelect } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { useField } from './field';
import { Check, ChevronDown } from './icons';
import { controlClasses } from './input';

export interface SelectOption<V extends string = string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export function Select<V extends string>({
  value,
  onValueChange,
  options,
  placeholder,
  id,
  disabled,
  className,
  'aria-label': ariaLabel,
  name,
}: {
  value: V | undefined;
  onValueChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  placeholder?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  name?: string;
}) {
  const field = useField(id);
  return (
    <RadixSelect.Root
      value={value}
      onValueChange={(next) => onValueChange(next as V)}
      disabled={disabled}
      name={name}
    >
      <RadixSelect.Trigger
        {...field}
        aria-label={ariaLabel}
        className={cn(controlClasses, 'flex h-10 items-center justify-between gap-2 text-left', className)}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon>
          <ChevronDown />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="relative flex cursor-default select-none items-center rounded py-1.5 pr-8 pl-2 text-sm text-slate-800 outline-none data-disabled:opacity-50 data-highlighted:bg-accent-50 data-highlighted:text-accent-700"
              >
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="absolute right-2">
                  <Check />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
