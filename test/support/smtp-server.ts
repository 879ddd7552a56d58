// Owns a real SMTP server in the test process (smtp-server on an ephemeral port): it receives what the SMTP adapter
// sends and answers each message as the test asks — accept, refuse for now (4xx), refuse for good (5xx), or drop the
// connection after the data and before any reply, or never answer.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** `hang`: the data is in and no answer ever comes (a stalled server; the worker waits on it). */
export type Answer = 'accept' | 'temporary' | 'permanent' | 'drop' | 'hang';

export interface ReceivedMessage {
  from: string;
  to: string[];
  /** The whole message as received (headers and MIME parts). */
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  /** Messages the server accepted (answered 250), in order. */
  accepted: ReceivedMessage[];
  /** Every message whose data arrived, whatever the answer. */
  received: ReceivedMessage[];
  /** The credentials clients logged in with, in order. */
  logins: { user: string; pass: string }[];
  /** The answers for the next messages, in order; when empty, `accept`. */
  answers: Answer[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 (no TLS, no auth required: credentials are accepted when given). */
export async function startSmtpServer(options: { answers?: Answer[] } = {}): Promise<TestSmtpServer> {
  const state = {
    accepted: [] as ReceivedMessage[],
    received: [] as ReceivedMessage[],
    logins: [] as { user: string; pass: string }[],
    answers: options.answers ?? [],
  };
  let counter = 0;
  const server: SMTPServer = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    // Closing the test server ends a hung conversation at once rather than after 30 s.
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      state.logins.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message: ReceivedMessage = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        state.received.push(message);
        const answer = state.answers.shift() ?? 'accept';
        if (answer === 'accept') {
          state.accepted.push(message);
          counter += 1;
          return callback(null, `Ok: queued as TEST${counter}`);
        }
        if (answer === 'hang') return;
        if (answer === 'drop') {
          // The data is in; the line goes dead before the server's answer.
          for (const connection of server.connections as Set<{
            session: unknown;
            _socket: { destroy(): void };
          }>) {
            if (connection.session === session) connection._socket.destroy();
          }
          return;
        }
        const error = new Error(
          answer === 'temporary' ? 'Mailbox busy, try again later' : 'Mailbox unavailable',
        ) as Error & { responseCode: number };
        error.responseCode = answer === 'temporary' ? 451 : 550;
        callback(error);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    ...state,
    get answers() {
      return state.answers;
    },
    set answers(next: Answer[]) {
      state.answers = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A free port with nothing listening on it (a server started and closed): connections to it are refused. */
export async function refusedPort(): Promise<number> {
  const probe = await startSmtpServer();
  await probe.close();
  return probe.port;
}
