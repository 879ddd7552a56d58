// Types of lib/platform/http/incoming.mjs for TypeScript importers.
import type http from 'node:http';

export const RAW_TARGET_HEADER: 'x-payout-raw-target';
export const UNSUPPORTED_METHOD_HEADER: 'x-payout-unsupported-method';
export function markIncoming(request: http.IncomingMessage): void;
