// Owns the sandbox marker: every page says plainly when nothing it does moves real money.
export function SandboxBadge() {
  return (
    <span
      title="Sandbox: simulated custody, payout rails and reviews. No real funds move."
      className="inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-900"
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-500" />
      Sandbox
      <span className="sr-only">: no real funds move</span>
    </span>
  );
}
