// Owns how a withdrawal's status reads at a glance: colour by outcome, the custody step beside it.
const TONES: Record<string, string> = {
  SUBMITTED: 'bg-slate-100 text-slate-700',
  PROCESSING: 'bg-amber-50 text-amber-800',
  COMPLETED: 'bg-emerald-50 text-emerald-800',
  FAILED: 'bg-red-50 text-red-700',
};

export function StatusBadge({ status, subStatus }: { status: string; subStatus?: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        className={`rounded px-2 py-0.5 text-xs font-semibold ${TONES[status] ?? 'bg-slate-100 text-slate-700'}`}
      >
        {status}
      </span>
      {subStatus ? <span className="text-xs text-slate-500">{subStatus.replaceAll('_', ' ')}</span> : null}
    </span>
  );
}
