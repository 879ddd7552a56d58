// Owns reading request bodies: size limit (413), content type (415) and JSON parsing (400), before anything else looks at them.
import { ApiError } from '@/lib/errors/api-error';

/** Reads the raw bytes (the signature covers them exactly), refusing more than `maxBytes`. */
export async function readRawBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError('payload_too_large', `Request body must not exceed ${maxBytes} bytes`);
}

/** Parses a JSON body; an empty body is `undefined` so operations without a body accept it. */
export function parseJsonBody(request: Request, raw: Uint8Array): unknown {
  if (raw.byteLength === 0) return undefined;
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError('unsupported_media_type', 'Content-Type must be application/json');
  }
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new ApiError('bad_request', 'Request body is not valid JSON', { code: 'invalid_json' });
  }
}
