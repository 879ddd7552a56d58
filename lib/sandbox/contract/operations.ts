// Owns the declarations of the sandbox clock operations (payouts area): read it, move it forward.

import { defineOperation } from '@/lib/platform/operations/operation';
import { advanceSandboxClockBody, sandboxClockSchema } from '@/lib/sandbox/contract/schemas';

export const getSandboxClockOperation = defineOperation({
  id: 'getSandboxClock',
  method: 'GET',
  path: '/api/v2/sandbox/clock',
  summary: "The organization's sandbox clock (sandbox only)",
  description:
    'Business deadlines (quote expiry, funding windows, draft expiry) run on this clock: real time plus an offset that `POST /api/v2/sandbox/clock` moves forward. Not served in production (404).',
  tags: ['Sandbox'],
  sandboxOnly: true,
  response: { status: 200, description: 'The sandbox clock', schema: sandboxClockSchema },
});

export const advanceSandboxClockOperation = defineOperation({
  id: 'advanceSandboxClock',
  method: 'POST',
  path: '/api/v2/sandbox/clock',
  summary: "Move the organization's sandbox clock forward (sandbox only)",
  description:
    'Like a test clock: moves business time forward by `advance_seconds` (never back) for this organization only, then runs its expiry sweeps at once, so unfunded orders and drafts whose deadline passed expire before the response. Security deadlines (token lifetime, sessions, idempotency, rate limits) stay on real time. Approver or admin. Not served in production (404). Send an `Idempotency-Key` so a retry never moves the clock twice.',
  tags: ['Sandbox'],
  role: 'approver',
  sandboxOnly: true,
  body: advanceSandboxClockBody,
  response: { status: 200, description: 'The clock after the move', schema: sandboxClockSchema },
});

export const sandboxOperations = [getSandboxClockOperation, advanceSandboxClockOperation];
