// Owns badges, and the one mapping from every order, batch, withdrawal and profile status to its colour and words.
import { cva, type VariantProps } from 'class-variance-authority';
import type { ReactNode } from 'react';
import { statusLabel, withdrawalStepLabel } from '@/lib/platform/format/labels';
import { cn } from './cn';

const badge = cva(
  'inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium',
  {
    variants: {
      tone: {
        neutral: 'border-slate-200 bg-slate-100 text-slate-700',
        info: 'border-sky-200 bg-sky-50 text-sky-800',
        success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
        warning: 'border-amber-300 bg-amber-50 text-amber-900',
        danger: 'border-red-200 bg-red-50 text-red-800',
        accent: 'border-accent-100 bg-accent-50 text-accent-700',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badge>['tone']>;

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return <span className={cn(badge({ tone }), className)}>{children}</span>;
}

export type StatusKind = 'batch' | 'order' | 'withdrawal' | 'profile' | 'loan';

/** Colour per status: waiting on the user = warning, moving = info, done = success, failed = danger, over = neutral. */
export const STATUS_TONES: Record<StatusKind, Record<string, BadgeTone>> = {
  batch: {
    AWAITING_CONFIRMATION: 'warning',
    IN_PROGRESS: 'info',
    COMPLETED: 'success',
    PARTIALLY_COMPLETED: 'warning',
    FAILED: 'danger',
    CANCELLED_EXPIRED: 'neutral',
  },
  order: {
    DRAFT: 'neutral',
    AWAITING_DEPOSIT: 'warning',
    DEPOSIT_RECEIVED: 'info',
    PAYING_BENEFICIARY: 'info',
    COMPLETED: 'success',
    FAILED: 'danger',
    CANCELLED_EXPIRED: 'neutral',
  },
  withdrawal: {
    SUBMITTED: 'info',
    PROCESSING: 'info',
    COMPLETED: 'success',
    FAILED: 'danger',
  },
  loan: {
    PENDING: 'warning',
    ACTIVE: 'info',
    REPAID: 'success',
    OVERDUE: 'danger',
    CANCELLED: 'neutral',
  },
  profile: {
    draft: 'neutral',
    in_review: 'warning',
    ready: 'success',
    rejected: 'danger',
    action_required: 'warning',
  },
};

// The words of a status belong to lib/platform/format, so documents and pages read the same.
export { statusLabel };

export function StatusBadge({
  kind,
  status,
  detail,
}: {
  kind: StatusKind;
  status: string;
  /** The step within the status (a withdrawal's sub_status), in words beside the badge. */
  detail?: string | null;
}) {
  const badge = (
    <Badge tone={STATUS_TONES[kind][status] ?? 'neutral'}>
      <span aria-hidden="true" className="mr-1.5 size-1.5 rounded-full bg-current opacity-70" />
      {statusLabel(status)}
    </Badge>
  );
  if (!detail) return badge;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
      {badge}
      <span className="text-xs text-slate-600">
        {(kind === 'withdrawal' ? withdrawalStepLabel(detail) : statusLabel(detail)).toLowerCase()}
      </span>
    </span>
  );
}
