// Owns the event types of the support console: "view as organization" starts, ends, expiries and the reads made
// during a view (audit only: support access is never a webhook).
import { z } from 'zod';
import { defineEvents } from '../define';

const view = { org_name: z.string(), reason: z.string() };

export const supportEvents = defineEvents({
  'support_view.started': {
    resource: 'support_view',
    visibility: 'internal',
    description: 'A support user started a read-only view of the organization, giving a reason.',
    data: z.object({ ...view, expires_at: z.string() }),
  },
  'support_view.ended': {
    resource: 'support_view',
    visibility: 'internal',
    description: 'A support user ended their view (Exit, or sign-out).',
    data: z.object({ ...view, end_reason: z.enum(['exited', 'signed_out']) }),
  },
  'support_view.expired': {
    resource: 'support_view',
    visibility: 'internal',
    description: 'A view reached its time limit (views are never extended).',
    data: z.object(view),
  },
  'support_view.read': {
    resource: 'support_view',
    visibility: 'internal',
    description:
      'A request the support user made during a view: one event per API request (portal pages read the API), refused attempts to change included.',
    data: z.object({ method: z.string(), path: z.string(), operation: z.string(), status: z.number().int() }),
  },
});
