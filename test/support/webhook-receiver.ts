// Owns a real webhook receiver for tests: an HTTP server on 127.0.0.1 (a free port) that records every request and
// answers as the test scripts it (a status, or never).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body exactly as received. */
  body: string;
  receivedAt: number;
}

/** What the receiver answers: a status (and optional body, after `delayMs`), or `hang` to never answer. */
export type Answer = { status: number; body?: string; delayMs?: number } | 'hang';

export interface WebhookReceiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Answers for the next requests, in order; after them, `fallback`. */
  script(...answers: Answer[]): void;
  fallback: Answer;
  /** Waits until at least `count` requests arrived (or fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const queue: Answer[] = [];
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();
  const receiver: Partial<WebhookReceiver> & { fallback: Answer } = { fallback: { status: 200, body: 'ok' } };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      for (const wake of waiters) wake();
      const answer = queue.shift() ?? receiver.fallback;
      if (answer === 'hang') return;
      const respond = () => {
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(respond, answer.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhooks`,
    port,
    requests,
    script: (...answers: Answer[]) => {
      queue.push(...answers);
    },
    waitFor: (count: number, timeoutMs = 15_000) =>
      new Promise<ReceivedRequest[]>((resolve, reject) => {
        const check = () => {
          if (requests.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(requests);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`expected ${count} webhook request(s) within ${timeoutMs} ms, got ${requests.length}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  }) as WebhookReceiver;
}
