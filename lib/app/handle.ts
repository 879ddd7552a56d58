// Owns binding the request pipeline to today's identity and support implementations: the only file of
// lib/platform/http that imports an area (lib/auth, lib/support), until the composition root (lib/app/) takes the
// binding over. Route files import `handle` (re-exported by handle.ts).
import { type Authenticated, authenticateApiKey, verifyRequestBody } from '@/lib/auth/api-key-auth';
import { TokenRejected } from '@/lib/auth/api-token';
import { clientAddress } from '@/lib/auth/client-address';
import { authenticateSession, sessionIdFromRequest } from '@/lib/auth/session-auth';
import type { Operation } from '@/lib/platform/operations/operation';
import { recordStaffRead } from '@/lib/support/staff-reads';
import { recordViewRead } from '@/lib/support/views';
import { createHandle } from './handle';
import type { Handle, NextRouteHandler, OperationHandler } from './pipeline/handler-context';
import type { PipelineHooks } from './pipeline/hooks';

export const defaultHooks: PipelineHooks<Authenticated> = {
  authenticateKey: authenticateApiKey,
  sessionIdOf: sessionIdFromRequest,
  authenticateSession,
  verifyRequestBody,
  credentialRefusalOf: (error) => (error instanceof TokenRejected ? error : undefined),
  clientAddress,
  recordStaffRead,
  recordViewRead,
};

let bound: Handle | undefined;

/**
 * The wrapper over today's hooks. Bound on first use rather than at load: handle.ts re-exports this and this needs
 * handle.ts's createHandle, so whichever of the two loads first, neither reads the other before both are loaded.
 */
export function handle<O extends Operation>(operation: O, handler: OperationHandler<O>): NextRouteHandler {
  bound ??= createHandle(defaultHooks);
  return bound(operation, handler);
}
