// Owns the one button look as class names (server and client code alike): variants by intent, sizes, focus ring.
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent-600 text-white shadow-sm',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm',
  ghost: 'text-slate-700',
  danger: 'bg-red-600 text-white shadow-sm',
};
const HOVER: Record<ButtonVariant, string> = {
  primary: 'hover:bg-accent-700',
  secondary: 'hover:bg-slate-50',
  ghost: 'hover:bg-slate-100 hover:text-slate-900',
  danger: 'hover:bg-red-700',
};
const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 px-2.5 text-xs',
  md: 'h-10 gap-2 px-4 text-sm',
};

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600';

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
  /** Looks disabled but stays focusable and hoverable (aria-disabled), so its explanation can be shown. */
  { unavailable = false }: { unavailable?: boolean } = {},
) {
  return cn(
    'inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60',
    focusRing,
    VARIANTS[variant],
    unavailable ? 'cursor-not-allowed opacity-60' : HOVER[variant],
    SIZES[size],
    className,
  );
}
