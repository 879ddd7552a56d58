// Owns the one way an error that belongs to no single field is said: a role="alert" paragraph, so it is announced as
// it appears. No form state here, so read-only pages (a failed load) can use it without react-hook-form.
import type { ReactNode } from 'react';
import { cn } from './cn';

export function FormError({ children, className }: { children?: ReactNode; className?: string }) {
  if (children === undefined || children === null || children === '' || children === false) return null;
  return (
    <p role="alert" className={cn('text-sm text-red-700', className)}>
      {children}
    </p>
  );
}
