// Owns the receiver process of `npm run bench:webhooks`: an HTTP server on 127.0.0.1 that verifies every delivery's
// signature and reports (event id, arrival time) to its parent in batches. A process of its own so receiving does not
// compete with the worker for one event loop.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@/lib/platform/client/webhooks';

export type ReceiverMessage =
  | { kind: 'listening'; port: number }
  | { kind: 'arrivals'; arrivals: [eventId: string, atMs: number][]; badSignatures: number };

/** The endpoints' secrets, sent by the parent once it has created the endpoints. */
let secrets: string[] = [];
process.on('message', (message: { kind: string; secrets?: string[] }) => {
  if (message.kind === 'secrets') secrets = message.secrets ?? [];
});

function verify(body: string, header: string | string[] | undefined): string | undefined {
  for (const secret of secrets) {
    try {
      return verifyWebhook(body, header, secret).id;
    } catch {
      // Another endpoint's secret, or a bad signature.
    }
  }
  return undefined;
}
let pending: [string, number][] = [];
let badSignatures = 0;

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const at = Date.now();
    const body = Buffer.concat(chunks).toString('utf8');
    const eventId = verify(body, req.headers['payout-signature']);
    if (eventId) {
      pending.push([eventId, at]);
      res.writeHead(200).end('ok');
    } else {
      badSignatures += 1;
      res.writeHead(400).end('bad signature');
    }
  });
});
// Kept-alive connections as a typical receiver keeps them (Node's own default: 5 s idle); the server reuses them.
server.keepAliveTimeout = 5_000;

const send = (message: ReceiverMessage) => process.send?.(message);

server.listen(0, '127.0.0.1', () =>
  send({ kind: 'listening', port: (server.address() as AddressInfo).port }),
);

setInterval(() => {
  if (pending.length === 0 && badSignatures === 0) return;
  send({ kind: 'arrivals', arrivals: pending, badSignatures });
  pending = [];
  badSignatures = 0;
}, 50);

process.on('disconnect', () => process.exit(0));
