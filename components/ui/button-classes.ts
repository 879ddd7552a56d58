// Owns the one button look as class names (server and client code alike): variants by intent, sizes, focus ring.
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn';

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600';

const button = cva(
  [
    'inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60',
    focusRing,
  ],
  {
    variants: {
      variant: {
        primary: 'bg-accent-600 text-white shadow-sm',
        secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm',
        ghost: 'text-slate-700',
        danger: 'bg-red-600 text-white shadow-sm',
      },
      size: {
        sm: 'h-8 gap-1.5 px-2.5 text-xs',
        md: 'h-10 gap-2 px-4 text-sm',
      },
      /** Looks disabled but stays focusable and hoverable (aria-disabled), so its explanation can be shown. */
      unavailable: { true: 'cursor-not-allowed opacity-60', false: '' },
    },
    // Hover only on a button that does something.
    compoundVariants: [
      { unavailable: false, variant: 'primary', class: 'hover:bg-accent-700' },
      { unavailable: false, variant: 'secondary', class: 'hover:bg-slate-50' },
      { unavailable: false, variant: 'ghost', class: 'hover:bg-slate-100 hover:text-slate-900' },
      { unavailable: false, variant: 'danger', class: 'hover:bg-red-700' },
    ],
    defaultVariants: { variant: 'primary', size: 'md', unavailable: false },
  },
);

type ButtonVariants = VariantProps<typeof button>;
export type ButtonVariant = NonNullable<ButtonVariants['variant']>;
export type ButtonSize = NonNullable<ButtonVariants['size']>;

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
  { unavailable = false }: { unavailable?: boolean } = {},
) {
  return cn(button({ variant, size, unavailable }), className);
}
