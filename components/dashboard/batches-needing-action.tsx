// ┌──────────────────────────────────────────────────────────────────────────────────────────────┐
// │ SLOT for the payouts slice (#18): "Batches needing action" on the dashboard.                 │
// │ Fill this component with drafts awaiting confirmation (with their quote validity — use        │
// │ <Countdown>) and orders close to `expires_at`, from the payouts endpoints once they exist.    │
// │ It renders nothing until then, so the dashboard never calls an endpoint that is not there.    │
// └──────────────────────────────────────────────────────────────────────────────────────────────┘
export function BatchesNeedingAction() {
  return null;
}
