// Owns one SMTP conversation: connect, authenticate, hand one message over, and say what became of it in the terms
// the outbox needs — accepted, refused for now, refused for good, or lost after the data was handed over.
import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { AdapterHealth } from '@/lib/platform/adapters/health';

export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte; smtp://: STARTTLS when the server offers it. */
  secure: boolean;
  user: string | null;
  pass: string | null;
  from: string;
  /** Milliseconds to wait for the connection, the greeting, and any reply. */
  timeouts?: { connection: number; greeting: number; socket: number };
}

export interface OutgoingMessage {
  /** The outbox row's id: the Message-ID's local part, so a copy in a mailbox can be traced to its row. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export type SmtpOutcome =
  | { status: 'accepted'; response: string }
  /** The server never accepted the message: refused with a 4xx, or no conversation reached the end of the data. */
  | { status: 'retry'; error: string }
  /** A 5xx: the server refuses this message for good (unknown mailbox, policy, credentials). */
  | { status: 'refused'; error: string }
  /** The connection ended after the data was handed over and before the server's answer: it may have been delivered. */
  | { status: 'unknown'; error: string };

const DEFAULT_TIMEOUTS = { connection: 30_000, greeting: 30_000, socket: 60_000 };
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** Reads SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`) and EMAIL_FROM into settings. */
export function smtpSettings(url: string, from: string): SmtpSettings {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    user: parsed.username ? decodeURIComponent(parsed.username) : null,
    pass: parsed.password ? decodeURIComponent(parsed.password) : null,
    from,
  };
}

/** The address part of `Name <address>` or of a bare address. */
function addressOf(mailbox: string): string {
  return (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** An error as the outbox may keep it: the server's words, never the credentials, at most 500 characters. */
function describe(error: unknown, settings: SmtpSettings): string {
  let text = error instanceof Error ? error.message : String(error);
  for (const secret of [settings.pass, settings.pass && encodeURIComponent(settings.pass)]) {
    if (secret) text = text.split(secret).join('[redacted]');
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

function classify(error: unknown, dataHandedOver: boolean, settings: SmtpSettings): SmtpOutcome {
  const code = (error as { responseCode?: unknown }).responseCode;
  const message = describe(error, settings);
  // A reply decides: the server said what it did with the message (an envelope refusal, or its answer to the data).
  if (typeof code === 'number' && code >= 500) return { status: 'refused', error: message };
  if (typeof code === 'number' && code >= 400) return { status: 'retry', error: message };
  return dataHandedOver ? { status: 'unknown', error: message } : { status: 'retry', error: message };
}

function compose(message: OutgoingMessage, settings: SmtpSettings): Promise<Buffer> {
  const domain = addressOf(settings.from).split('@')[1] ?? 'localhost';
  return new Promise((resolve, reject) => {
    new MailComposer({
      from: settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      messageId: `<${message.id}@${domain}>`,
    })
      .compile()
      .build((error, built) => (error ? reject(error) : resolve(built)));
  });
}

/** A connection to the server, not yet opened. Credentials never cross the network in the clear, except to this machine. */
function openConnection(settings: SmtpSettings): SMTPConnection {
  const timeouts = settings.timeouts ?? DEFAULT_TIMEOUTS;
  return new SMTPConnection({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: !settings.secure && settings.pass !== null && !LOOPBACK.has(settings.host),
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
    logger: false,
  });
}

/**
 * Sends one message in one SMTP conversation. Never throws: every ending is an outcome. "Handed over" means the whole
 * message went into the DATA stream after the server's 354; a connection lost from then on, with no reply, is
 * `unknown`, because the server may have queued it before the line dropped.
 */
export async function sendOverSmtp(settings: SmtpSettings, message: OutgoingMessage): Promise<SmtpOutcome> {
  const raw = await compose(message, settings);
  return new Promise<SmtpOutcome>((resolve) => {
    let dataHandedOver = false;
    let settled = false;
    const connection = openConnection(settings);
    const finish = (outcome: SmtpOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      if (outcome.status === 'accepted') connection.quit();
      else connection.close();
    };
    const fail = (error: unknown) => finish(classify(error, dataHandedOver, settings));
    connection.on('error', fail);
    connection.on('end', () => fail(new Error('Connection closed before the server answered')));
    const send = () => {
      const body = Readable.from([raw]);
      body.once('end', () => {
        dataHandedOver = true;
      });
      connection.send({ from: addressOf(settings.from), to: [message.to] }, body, (error, info) => {
        if (error) fail(error);
        else finish({ status: 'accepted', response: describe(info.response ?? '', settings) });
      });
    };
    connection.connect(() => {
      if (settings.user === null || settings.pass === null) return send();
      connection.login({ user: settings.user, pass: settings.pass }, (error) =>
        error ? fail(error) : send(),
      );
    });
  });
}

/**
 * The SMTP adapter's probe: connect, greet (and log in when credentials are set), then quit, sending nothing. `ok`
 * when the server let us that far; otherwise `degraded` with what it said, never the credentials.
 */
export async function probeSmtp(settings: SmtpSettings): Promise<AdapterHealth> {
  return new Promise<AdapterHealth>((resolve) => {
    let settled = false;
    const connection = openConnection(settings);
    const finish = (health: AdapterHealth) => {
      if (settled) return;
      settled = true;
      resolve(health);
      if (health.state === 'ok') connection.quit();
      else connection.close();
    };
    const fail = (error: unknown) =>
      finish({
        state: 'degraded',
        reason: `the mail server did not accept us: ${describe(error, settings)}`,
      });
    connection.on('error', fail);
    connection.on('end', () => fail(new Error('Connection closed during the greeting')));
    connection.connect(() => {
      if (settings.user === null || settings.pass === null) return finish({ state: 'ok' });
      connection.login({ user: settings.user, pass: settings.pass }, (error) =>
        error ? fail(error) : finish({ state: 'ok' }),
      );
    });
  });
}
