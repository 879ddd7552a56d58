// Owns the card every dashboard block and settings section sits in: a titled region with an optional action.
import type { ReactNode } from 'react';
import { cn } from './cn';

export function Card({
  title,
  description,
  action,
  children,
  className,
  id,
}: {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Used for aria-labelledby; give one when the card has a title. */
  id?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={cn('min-w-0 rounded-lg border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      {title || action ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            {title ? (
              <h2 id={headingId} className="text-base font-semibold text-slate-900">
                {title}
              </h2>
            ) : null}
            {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
          </div>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}
