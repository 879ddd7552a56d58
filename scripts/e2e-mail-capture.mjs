// Owns the live browser-test server's mailbox: a real SMTP server (smtp-server) in the launcher's process that accepts
// every message and writes it, decoded, as one JSON file under a directory the tests read (e2e/mail.ts).
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The text and HTML parts of a message as nodemailer writes them: quoted-printable undone, then UTF-8. A test reads
 * what a person reads (the link in the text part), not the MIME.
 * @param {string} raw
 */
export function decodeMessage(raw) {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, /** @type {string} */ hex) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  const decoded = Buffer.from(bytes, 'latin1').toString('utf8');
  const textAt = decoded.indexOf('Content-Type: text/plain');
  const htmlAt = decoded.indexOf('Content-Type: text/html');
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
  const body = (/** @type {string} */ part) => part.slice(part.search(/\r?\n\r?\n/)).trim();
  return {
    subject,
    text: textAt >= 0 ? body(decoded.slice(textAt, htmlAt > textAt ? htmlAt : undefined)) : '',
    html: htmlAt >= 0 ? body(decoded.slice(htmlAt)) : '',
  };
}

/**
 * Starts the server on an ephemeral port of 127.0.0.1 (no TLS, no authentication) and empties `dir`.
 * @param {string} dir
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startMailCapture(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const raw = Buffer.concat(chunks).toString('utf8');
        const message = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          receivedAt: new Date().toISOString(),
          ...decodeMessage(raw),
        };
        // Written whole, then renamed: a test polling the directory never reads half a file.
        const name = `${String(count).padStart(4, '0')}.json`;
        fs.writeFileSync(path.join(dir, `.${name}`), JSON.stringify(message, null, 2));
        fs.renameSync(path.join(dir, `.${name}`), path.join(dir, name));
        callback(null, `Ok: captured as ${name}`);
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.server.address());
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
