// Owns binding the request pipeline to the areas it needs: identity authenticates keys, tokens and sessions and
// reads a refused token; support records staff reads and the reads of a "view as" session. Route files import
// `handle` from here; platform's pipeline (lib/platform/http) knows the areas only through these hooks.
// Importing register.ts first gives every route's module graph the catalogue, tasks and sweeps platform reads.
import '@/lib/app/register';
import {
  type Authenticated,
  authenticateApiKey,
  authenticateSession,
  clientAddress,
  sessionIdFromRequest,
  TokenRejected,
  verifyRequestBody,
} from '@/lib/identity/server';
import { createHandle, type PipelineHooks } from '@/lib/platform/http/handle';
import { recordStaffRead, recordViewRead } from '@/lib/support/server';

export const appHooks: PipelineHooks<Authenticated> = {
  authenticateKey: authenticateApiKey,
  sessionIdOf: sessionIdFromRequest,
  authenticateSession,
  verifyRequestBody,
  credentialRefusalOf: (error) => (error instanceof TokenRejected ? error : undefined),
  clientAddress,
  recordStaffRead,
  recordViewRead,
};

/** The wrapper every /api/v2 route file calls: `route({ GET: handle(operation, handler) })`. */
export const handle = createHandle(appHooks);
