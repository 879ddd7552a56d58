'use client';
// Owns the Button component: variants by intent, sizes, a busy state that keeps the label and blocks double submits,
// and `changesState`: during a read-only support view such a button (or a link to a page that changes something,
// via asChild) renders unavailable with the explanation instead of doing anything.
import { Slot } from 'radix-ui';
import {
  type ButtonHTMLAttributes,
  forwardRef,
  isValidElement,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-classes';
import { ReadOnlyHint, unavailableProps, useChangesState } from './read-only';
import { Spinner } from './spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button. */
  busy?: boolean;
  /** Render the child element (e.g. a Link) with the button's look. */
  asChild?: boolean;
  /**
   * It creates, changes, sends or deletes something of the organization's (or leads to a page that does): during a
   * read-only support view it is unavailable, with the explanation on hover, focus and to screen readers.
   */
  changesState?: boolean;
}

/** Attributes that describe what a click would open or do: meaningless on a button that does nothing. */
const DROPPED_WHEN_UNAVAILABLE = new Set([
  'aria-haspopup',
  'aria-expanded',
  'aria-controls',
  'href',
  'disabled',
]);

/** The props left once every event handler is dropped (a Dialog trigger's onClick, a menu's onPointerDown…). */
function inertProps(props: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(props).filter(([name]) => !/^on[A-Z]/.test(name) && !DROPPED_WHEN_UNAVAILABLE.has(name)),
  );
}

const UnavailableButton = forwardRef<
  HTMLButtonElement,
  Omit<ButtonProps, 'busy' | 'asChild' | 'changesState'> & { explanation: string }
>(function UnavailableButton({ explanation, variant, size, className, type, children, ...props }, ref) {
  return (
    <ReadOnlyHint explanation={explanation}>
      <button
        {...inertProps(props)}
        {...unavailableProps(explanation)}
        ref={ref}
        // A submit button stays one, so Enter in the form "clicks" it, and the click is cancelled: nothing is sent.
        type={type === 'submit' ? 'submit' : 'button'}
        className={buttonClasses(variant, size, className, { unavailable: true })}
        onClick={(event: MouseEvent<HTMLButtonElement>) => event.preventDefault()}
      >
        {children}
      </button>
    </ReadOnlyHint>
  );
});

/** The label of an asChild child (`<Link>New batch</Link>` → "New batch"). */
function childLabel(children: ReactNode): ReactNode {
  return isValidElement<{ children?: ReactNode }>(children) ? children.props.children : children;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    size,
    busy = false,
    asChild = false,
    changesState = false,
    className,
    disabled,
    children,
    type,
    ...props
  },
  ref,
) {
  const unavailable = useChangesState(changesState);
  if (unavailable !== null) {
    return (
      <UnavailableButton
        {...props}
        ref={ref}
        explanation={unavailable}
        variant={variant}
        size={size}
        className={className}
        type={asChild ? 'button' : type}
      >
        {asChild ? childLabel(children) : children}
      </UnavailableButton>
    );
  }
  if (asChild) {
    return (
      <Slot.Root ref={ref} className={buttonClasses(variant, size, className)} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
});
