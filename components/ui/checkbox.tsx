'use client';
// Owns the checkbox: Radix Checkbox (a real button with role=checkbox, indeterminate state) with its label beside it.
// One that changes state as soon as it is ticked (`changesState`) is unavailable, with the explanation, on a
// read-only page.
import { Checkbox as RadixCheckbox } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { focusRing } from './button-classes';
import { cn } from './cn';
import { Check } from './icons';
import { ReadOnlyHint, unavailableProps, useChangesState } from './read-only';

export function Checkbox({
  checked,
  onCheckedChange,
  label,
  description,
  disabled,
  name,
  id: explicitId,
  changesState = false,
  role,
}: {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  name?: string;
  id?: string;
  /** Ticking it changes the organization's state at once (e.g. a policy). */
  changesState?: boolean;
  /** `switch`: a setting that is on or off (read as "on/off" rather than "checked"). */
  role?: 'switch';
}) {
  const generated = useId();
  const id = explicitId ?? generated;
  const unavailable = useChangesState(changesState);
  const box = (
    <RadixCheckbox.Root
      id={id}
      name={name}
      // Only when set: an undefined role would override Radix's own role=checkbox.
      {...(role ? { role } : {})}
      checked={checked}
      disabled={disabled && unavailable === null}
      onCheckedChange={(next) => {
        if (unavailable === null) onCheckedChange(next === true);
      }}
      // Unavailable: the click is cancelled before the checkbox toggles.
      onClick={unavailable !== null ? (event) => event.preventDefault() : undefined}
      aria-describedby={description ? `${id}-description` : undefined}
      {...(unavailable !== null ? unavailableProps(unavailable) : {})}
      className={cn(
        'mt-0.5 grid size-4 shrink-0 place-items-center rounded border border-slate-400 bg-white text-white data-[state=checked]:border-accent-600 data-[state=checked]:bg-accent-600 data-[state=indeterminate]:border-accent-600 data-[state=indeterminate]:bg-accent-600 disabled:opacity-50',
        unavailable !== null && 'cursor-not-allowed opacity-50',
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
  );
  return (
    <div className="flex items-start gap-2">
      {unavailable !== null ? <ReadOnlyHint explanation={unavailable}>{box}</ReadOnlyHint> : box}
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
