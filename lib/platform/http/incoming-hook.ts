// Owns marking every request under plain `next start`, where no front of ours sees the socket: Node publishes each
// incoming request on the `http.server.request.start` diagnostics channel before any server's request listener
// runs, so Next's own server gets the same marks as `npm start`'s front gives (lib/platform/http/incoming.mjs).
import diagnosticsChannel from 'node:diagnostics_channel';
import type http from 'node:http';
import { markIncoming } from './incoming.mjs';

const CHANNEL = 'http.server.request.start';
let installed = false;

function onRequestStart(message: unknown): void {
  markIncoming((message as { request: http.IncomingMessage }).request);
}

/** Once per process (instrumentation's register() may run again in development). */
export function installIncomingHook(): void {
  if (installed) return;
  installed = true;
  diagnosticsChannel.subscribe(CHANNEL, onRequestStart);
}
