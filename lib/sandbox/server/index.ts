// Owns the sandbox area's server API: the only server file of sandbox that route files, other areas and the
// composition root import. Files inside lib/sandbox/server import each other directly, never through this one.
export { advanceSandboxClock, getSandboxClock } from './move-clock';
export { sandboxEmail } from './sandbox-email';
export { listVisibleOutbox } from './visible-outbox';
