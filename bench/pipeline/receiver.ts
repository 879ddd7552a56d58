// Owns the pipeline's webhook receiver: a local HTTP server that verifies each delivery's signature with its
// endpoint's secret, deduplicates on the event id and counts, as an integrator's receiver must (deliveries are
// at least once).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@/lib/platform/client/webhooks';

export interface Arrival {
  /** First arrival, ms since the epoch. */
  firstAt: number;
  count: number;
  type: string;
  subjectId: string | undefined;
  createdAt: string;
}

export interface Receiver {
  port: number;
  /** Secrets by the path each endpoint posts to (`/hooks/<n>`). */
  addSecret(pathName: string, secret: string): void;
  arrivals: Map<string, Arrival>;
  /** First arrival of `<type>:<subject id>` (e.g. `order.completed:<order id>`). */
  firstOf(type: string, subjectId: string): number | undefined;
  badSignatures(): number;
  deliveries(): number;
  /** Resolves when `check` holds after some arrival, or false at the deadline. */
  waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const secrets = new Map<string, string>();
  const arrivals = new Map<string, Arrival>();
  const bySubject = new Map<string, number>();
  let bad = 0;
  let deliveries = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      const secret = secrets.get(req.url ?? '');
      try {
        if (!secret) throw new Error('unknown endpoint');
        const event = verifyWebhook(
          Buffer.concat(chunks).toString('utf8'),
          req.headers['payout-signature'],
          secret,
        );
        deliveries += 1;
        const known = arrivals.get(event.id);
        if (known) known.count += 1;
        else {
          const data = (event as { data?: { object?: { id?: string } } }).data?.object;
          arrivals.set(event.id, {
            firstAt: at,
            count: 1,
            type: event.type,
            subjectId: data?.id,
            createdAt: (event as { created_at?: string }).created_at ?? '',
          });
          if (data?.id && !bySubject.has(`${event.type}:${data.id}`))
            bySubject.set(`${event.type}:${data.id}`, at);
        }
        res.writeHead(200).end('ok');
      } catch {
        bad += 1;
        res.writeHead(400).end('bad signature');
      }
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    addSecret: (pathName, secret) => secrets.set(pathName, secret),
    arrivals,
    badSignatures: () => bad,
    deliveries: () => deliveries,
    firstOf: (type, subjectId) => bySubject.get(`${type}:${subjectId}`),
    // Polled, not checked per arrival: a check may scan thousands of orders, and receiving must stay cheap.
    waitUntil: (check, timeoutMs) =>
      new Promise((resolve) => {
        const deadline = Date.now() + timeoutMs;
        const probe = () => {
          if (check()) resolve(true);
          else if (Date.now() > deadline) resolve(false);
          else setTimeout(probe, 250);
        };
        probe();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
