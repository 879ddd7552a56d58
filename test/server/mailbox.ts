// Owns reading what the server sent over SMTP to the in-process server (test/support/smtp-server.ts), as a recipient
// reads it: each message once, its text part decoded, the links in it.
import type { ReceivedMessage, TestSmtpServer } from '../support/smtp-server';

export interface Mail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Quoted-printable undone, then UTF-8 (the message is 7-bit on the wire). */
function decode(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function read(message: ReceivedMessage): Mail {
  const decoded = decode(message.raw);
  const textAt = decoded.indexOf('Content-Type: text/plain');
  const htmlAt = decoded.indexOf('Content-Type: text/html');
  if (textAt < 0 || htmlAt < textAt)
    throw new Error(`not a text and HTML message:\n${decoded.slice(0, 2000)}`);
  const text = decoded.slice(textAt, htmlAt);
  return {
    subject: /^Subject: (.*)$/m.exec(decoded)?.[1]?.trim() ?? '',
    text,
    html: decoded.slice(htmlAt),
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

export class Mailbox {
  private readonly seen = new Set<ReceivedMessage>();

  constructor(private readonly smtp: TestSmtpServer) {}

  /**
   * The next message accepted for `to` that was not read yet (with `subject`, the next whose subject matches: a person
   * also receives notifications), waiting for the server's worker to send it.
   */
  async next(
    to: string,
    { subject, timeoutMs = 30_000 }: { subject?: RegExp; timeoutMs?: number } = {},
  ): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = this.smtp.accepted.find(
        (candidate) =>
          !this.seen.has(candidate) &&
          candidate.to.includes(to) &&
          (subject === undefined || subject.test(read(candidate).subject)),
      );
      if (message) {
        this.seen.add(message);
        return read(message);
      }
      if (Date.now() > deadline)
        throw new Error(
          `no email to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs / 1000} s`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
