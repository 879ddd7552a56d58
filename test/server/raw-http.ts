// Owns a raw HTTP/1.1 client over node:net for test/server: the request line goes out byte for byte as given (no URL
// parsing, no normalisation), which no fetch implementation allows.
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection before we finished sending. */
  closedEarly: boolean;
}

export interface RawRequest {
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send only the headers and this many body bytes, then wait for an answer (a body the server may not read). */
  sendBodyBytes?: number;
}

function decodeChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parse(raw: Buffer, closedEarly: boolean): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  if (split === -1) throw new Error(`no complete answer: ${JSON.stringify(raw.toString('latin1'))}`);
  const [statusLine, ...lines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = raw.subarray(split + 4);
  const body = headers['transfer-encoding']?.includes('chunked') ? decodeChunked(rest) : rest;
  return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8'), closedEarly };
}

/** One request on its own connection (`Connection: close` unless the caller says otherwise). */
export function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closedEarly = false;
    const headers: Record<string, string> = {
      host: `127.0.0.1:${port}`,
      connection: 'close',
      ...request.headers,
    };
    if (request.body !== undefined && !('content-length' in headers)) {
      headers['content-length'] = String(Buffer.byteLength(request.body));
    }
    socket.on('connect', () => {
      const head = `${request.method} ${request.target} HTTP/1.1\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`;
      socket.write(head, 'latin1');
      if (request.body !== undefined) {
        const body = Buffer.from(request.body);
        socket.write(request.sendBodyBytes === undefined ? body : body.subarray(0, request.sendBodyBytes));
      }
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A server that closes while we still send gets a reset on our side: the answer already arrived.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') closedEarly = true;
      else reject(error);
    });
    socket.on('close', () => {
      try {
        resolve(parse(Buffer.concat(chunks), closedEarly));
      } catch (error) {
        reject(error);
      }
    });
    socket.setTimeout(30_000, () => socket.destroy(new Error('no answer within 30 s')));
  });
}
