'use client';
// Owns the one form pattern: react-hook-form's state shared with every field, each field's label, hint and error wired
// for assistive technology, a summary of what to fix after a refused submit, and the form's own error (what the
// server said that no field owns).
import { createContext, type ReactNode, useContext, useEffect, useId, useMemo } from 'react';
import {
  type Control,
  type ControllerRenderProps,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type RegisterOptions,
  type SubmitHandler,
  type UseFormReturn,
  useController,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { Button, type ButtonProps } from './button';
import { cn } from './cn';
import { Field } from './field';
import { FormError } from './form-error';
import { useHydrated } from './use-hydrated';

export { FormError };

/** Where the server's message for the whole form is kept (react-hook-form clears `root` errors on the next submit). */
export const FORM_ERROR = 'root.server' as const;

/** The labels of the form's fields by name, so the summary can say which field each problem is on. */
const LabelsContext = createContext<Map<string, ReactNode> | null>(null);

export function Form<T extends FieldValues>({
  form,
  onSubmit,
  children,
  className,
  summary = true,
  'aria-label': ariaLabel,
}: {
  form: UseFormReturn<T>;
  onSubmit: SubmitHandler<T>;
  children: ReactNode;
  /** Replaces the default vertical spacing (`space-y-4`). */
  className?: string;
  /** The list of fields to fix, shown after a submit is refused. Off for a form of one field. */
  summary?: boolean;
  'aria-label'?: string;
}) {
  const labels = useMemo(() => new Map<string, ReactNode>(), []);
  return (
    <FormProvider {...form}>
      <LabelsContext.Provider value={labels}>
        <form
          noValidate
          aria-label={ariaLabel}
          onSubmit={form.handleSubmit(onSubmit)}
          className={className ?? 'space-y-4'}
        >
          {summary ? <FormErrorSummary /> : null}
          {children}
        </form>
      </LabelsContext.Provider>
    </FormProvider>
  );
}

/**
 * One field: the label tied to its control, the hint and the error it is described by, aria-invalid while the
 * error stands. `children` renders the control from react-hook-form's field props (value, onChange, onBlur, ref).
 */
export function FormField<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  control,
  name,
  label,
  hint,
  rules,
  className,
  id,
  children,
}: {
  /** The form's control: optional (the field finds its form), given so the name and value are typed. */
  control?: Control<T>;
  name: N;
  label: ReactNode;
  hint?: ReactNode;
  rules?: Omit<RegisterOptions<T, N>, 'valueAsNumber' | 'valueAsDate' | 'setValueAs' | 'disabled'>;
  className?: string;
  id?: string;
  children: (field: ControllerRenderProps<T, N>) => ReactNode;
}) {
  const { field, fieldState } = useController<T, N>({ control, name, rules });
  useFieldLabel(name, label);
  return (
    <Field label={label} hint={hint} error={fieldState.error?.message} className={className} id={id}>
      {children(field)}
    </Field>
  );
}

/**
 * One field made of several controls (a list of checkboxes): the legend names the group, and the error is said
 * after the controls, which the group is described by. `children` renders the controls from the field's props.
 */
export function FormFieldset<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>>({
  control,
  name,
  legend,
  className,
  children,
}: {
  control?: Control<T>;
  name: N;
  legend: ReactNode;
  className?: string;
  children: (field: ControllerRenderProps<T, N>) => ReactNode;
}) {
  const { field, fieldState } = useController<T, N>({ control, name });
  useFieldLabel(name, legend);
  const errorId = `${useId()}-error`;
  const error = fieldState.error?.message;
  return (
    <fieldset className={cn('space-y-1', className)} aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {children(field)}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Registers a field's label for the error summary. */
export function useFieldLabel(name: string, label: ReactNode) {
  const labels = useContext(LabelsContext);
  useEffect(() => {
    labels?.set(name, label);
    return () => {
      labels?.delete(name);
    };
  }, [labels, name, label]);
}

/** The server's message for the whole form (set with `setError(FORM_ERROR, …)`), said through <FormError>. */
export function FormServerError({ className }: { className?: string }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  return <FormError className={className}>{errors.root?.server?.message}</FormError>;
}

interface Problem {
  name: string;
  message: string;
}

/** Every field error of the form, nested ones (rows.0.amount) included, in the order the fields were declared. */
export function fieldProblems(errors: FieldErrors, prefix = ''): Problem[] {
  const problems: Problem[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || (prefix === '' && key === 'root')) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
      problems.push({ name, message: value.message });
    } else if (typeof value === 'object') {
      problems.push(...fieldProblems(value as FieldErrors, name));
    }
  }
  return problems;
}

/**
 * After a refused submit: which fields need attention, each a button that moves focus to its field. It names the
 * fields rather than repeating their messages, which stay beside each field.
 */
export function FormErrorSummary() {
  const { control, setFocus } = useFormContext();
  const { errors, submitCount } = useFormState({ control });
  const labels = useContext(LabelsContext);
  const problems = submitCount > 0 ? fieldProblems(errors) : [];
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="font-medium">
        {problems.length === 1 ? '1 field needs attention:' : `${problems.length} fields need attention:`}
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {problems.map((problem) => (
          <li key={problem.name}>
            <button
              type="button"
              className="text-left underline underline-offset-2 hover:text-red-900"
              onClick={() => setFocus(problem.name, { shouldSelect: false })}
            >
              {labels?.get(problem.name) ?? problem.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form's submit button: busy (and so not pressable twice) while the submit runs. */
export function FormSubmit({ children, disabled, ...props }: Omit<ButtonProps, 'type' | 'busy'>) {
  const { control } = useFormContext();
  const { isSubmitting } = useFormState({ control });
  // Until React has hydrated the page the form has no submit handler: a click (or Enter, since the default button is
  // disabled) would make the browser submit it natively, a GET carrying every field in the URL, a password included.
  const hydrated = useHydrated();
  return (
    <Button type="submit" busy={isSubmitting} disabled={disabled || !hydrated} {...props}>
      {children}
    </Button>
  );
}
