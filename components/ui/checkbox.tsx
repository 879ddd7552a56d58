'use client';
// Owns the checkbox: Radix Checkbox (a real button with role=checkbox, indeterminate state) with its label beside it.
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { focusRing } from './button';
import { cn } from './cn';
import { Check } from './icons';

export function Checkbox({
  checked,
  onCheckedChange,
  label,
  description,
  disabled,
  name,
  id: explicitId,
}: {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  name?: string;
  id?: string;
}) {
  const generated = useId();
  const id = explicitId ?? generated;
  return (
    <div className="flex items-start gap-2">
      <RadixCheckbox.Root
        id={id}
        name={name}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(next) => onCheckedChange(next === true)}
        aria-describedby={description ? `${id}-description` : undefined}
        className={cn(
          'mt-0.5 grid size-4 shrink-0 place-items-center rounded border border-slate-400 bg-white text-white data-[state=checked]:border-accent-600 data-[state=checked]:bg-accent-600 data-[state=indeterminate]:border-accent-600 data-[state=indeterminate]:bg-accent-600 disabled:opacity-50',
          focusRing,
        )}
      >
        <RadixCheckbox.Indicator>
          {checked === 'indeterminate' ? (
            <span className="block h-0.5 w-2 bg-white" />
          ) : (
            <Check className="size-3" />
          )}
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="text-slate-500">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
