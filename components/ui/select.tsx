'use client';
// Owns the single-choice select: Radix Select (keyboard, typeahead, screen readers) in the product's look. One that
// changes state as soon as it is chosen (`changesState`) is unavailable, with the explanation, on a read-only page.
import { Select as RadixSelect } from 'radix-ui';
import type { ReactNode, Ref } from 'react';
import { cn } from './cn';
import { useField } from './field';
import { Check, ChevronDown } from './icons';
import { controlClasses } from './input';
import { ReadOnlyHint, unavailableProps, useChangesState } from './read-only';

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
  changesState = false,
  ref,
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
  /** Choosing changes the organization's state at once (e.g. a member's role). */
  changesState?: boolean;
  /** The trigger, so a form can move focus to it (the error summary does). */
  ref?: Ref<HTMLButtonElement>;
}) {
  const field = useField(id);
  const unavailable = useChangesState(changesState);
  const trigger = (
    <RadixSelect.Trigger
      ref={ref}
      {...field}
      aria-label={ariaLabel}
      {...(unavailable !== null ? unavailableProps(unavailable) : {})}
      className={cn(
        controlClasses,
        'flex h-10 items-center justify-between gap-2 text-left',
        unavailable !== null && 'cursor-not-allowed opacity-60',
        className,
      )}
    >
      {/* One line at the control's height: a long choice is cut with an ellipsis, never wrapped out of the box. */}
      <span className="min-w-0 truncate">
        <RadixSelect.Value placeholder={placeholder} />
      </span>
      <RadixSelect.Icon>
        <ChevronDown />
      </RadixSelect.Icon>
    </RadixSelect.Trigger>
  );
  return (
    <RadixSelect.Root
      value={value}
      // Unavailable: it never opens, and typing on the closed trigger (typeahead) chooses nothing.
      {...(unavailable !== null ? { open: false } : {})}
      onValueChange={(next) => {
        if (unavailable === null) onValueChange(next as V);
      }}
      disabled={disabled && unavailable === null}
      name={name}
    >
      {unavailable !== null ? <ReadOnlyHint explanation={unavailable}>{trigger}</ReadOnlyHint> : trigger}
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
