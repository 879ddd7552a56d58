'use client';
// Owns form fields: a label tied to its control, an optional hint and an error the control is described by.
import { createContext, type ReactNode, useContext, useId } from 'react';
import { cn } from './cn';

interface FieldIds {
  id: string;
  hintId?: string;
  errorId?: string;
  invalid: boolean;
}

const FieldContext = createContext<FieldIds | null>(null);

/** The ids and ARIA a control inside a <Field> should carry. */
export function useField(explicitId?: string) {
  const field = useContext(FieldContext);
  const describedBy = [field?.hintId, field?.errorId].filter(Boolean).join(' ') || undefined;
  return {
    id: explicitId ?? field?.id,
    'aria-describedby': describedBy,
    'aria-invalid': field?.invalid ? (true as const) : undefined,
  };
}

export function Field({
  label,
  hint,
  error,
  children,
  className,
  id: explicitId,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const generated = useId();
  const id = explicitId ?? generated;
  const ids: FieldIds = {
    id,
    hintId: hint ? `${id}-hint` : undefined,
    errorId: error ? `${id}-error` : undefined,
    invalid: Boolean(error),
  };
  return (
    <FieldContext.Provider value={ids}>
      <div className={cn('space-y-1', className)}>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {children}
        {hint ? (
          <p id={ids.hintId} className="text-xs text-slate-500">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={ids.errorId} className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}
