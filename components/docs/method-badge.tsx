// Owns the coloured HTTP method label used beside every path in the docs.
const STYLES: Record<string, string> = {
  GET: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  POST: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  PUT: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  PATCH: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  DELETE: 'bg-rose-50 text-rose-700 ring-rose-600/20',
};

export function MethodBadge({ method }: { method: string }) {
  const verb = method.toUpperCase();
  return (
    <span
      className={`inline-flex w-16 shrink-0 justify-center rounded-md px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${
        STYLES[verb] ?? 'bg-slate-100 text-slate-700 ring-slate-500/20'
      }`}
    >
      {verb}
    </span>
  );
}
