// Owns the declaration of the sandbox email outbox (audience user, sandbox only).
import { defineOperation } from '@/lib/platform/operations/operation';
import { outboxSchema } from '@/lib/sandbox/contract/outbox-schemas';

export const getSandboxOutboxOperation = defineOperation({
  id: 'getSandboxOutbox',
  method: 'GET',
  path: '/api/v2/sandbox/outbox',
  summary: 'The emails the sandbox would have sent (sandbox only)',
  description:
    'Newest first, at most 50: mail to your own account (password resets, invitations to your email) and, for admins, every email about the active organization (invitations). Not served in production (404).',
  tags: ['Sandbox'],
  audience: 'user',
  sandboxOnly: true,
  response: { status: 200, description: 'The outbox', schema: outboxSchema },
});
