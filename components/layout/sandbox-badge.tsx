// Owns the sandbox marker: every page says plainly when nothing it does moves real money.
export function SandboxBadge() {
  return (
    <span
      title="Sandbox: simulated custody, payout rails and reviews. No real funds move."
      className="rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-800"
    >
      Sandbox
    </span>
  );
}
