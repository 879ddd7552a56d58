// Owns reading request bodies: size limit (413) while reading, content type (415), and parsing JSON or
// multipart/form-data (400), before anything else looks at them.
import { MAX_JSON_DEPTH, type Operation, type UploadedFile } from '@/lib/platform/operations/operation';
import { type RefusalContext, refuse } from './refusals';

/** Reads the raw bytes (the signature covers them exactly), refusing more than the limit as they arrive. */
export async function readRawBody(
  request: Request,
  operation: Operation,
  context: RefusalContext,
): Promise<Uint8Array> {
  const maxBytes = context.maxBodyBytes;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw refuse('payload_too_large', operation, context);
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
      throw refuse('payload_too_large', operation, context);
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

/** Parses a JSON body; an empty body is `undefined` so operations without a body accept it. */
export function parseJsonBody(
  request: Request,
  raw: Uint8Array,
  operation: Operation,
  context: RefusalContext,
): unknown {
  if (raw.byteLength === 0) return undefined;
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw refuse('unsupported_media_type', operation, context);
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    value = JSON.parse(text);
  } catch {
    throw refuse('invalid_json', operation, context);
  }
  // After parsing, so a malformed body is still 400; before anything walks it recursively (a few thousand levels
  // overflowed the stack in the Idempotency-Key comparison: a 500).
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw refuse('json_too_deep', operation, context);
  return value;
}

/** Whether valid JSON text nests objects and arrays deeper than `limit`: one pass, no recursion. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // a backslash escapes the next character (\" included)
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return false;
}

export interface MultipartBody {
  /** Text parts; a name sent twice keeps its last value. */
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/**
 * Parses multipart/form-data from the raw bytes already read within the limit (so the size check happened
 * while reading, and the signature covers exactly these bytes).
 */
export async function parseMultipartBody(
  request: Request,
  raw: Uint8Array,
  operation: Operation,
  context: RefusalContext,
): Promise<MultipartBody> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(type)) {
    throw refuse('unsupported_media_type', operation, context);
  }
  let form: FormData;
  try {
    form = await new Response(raw as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw refuse('invalid_multipart', operation, context);
  }
  const body: MultipartBody = { fields: {}, files: {} };
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      body.fields[name] = value;
      continue;
    }
    const bytes = new Uint8Array(await value.arrayBuffer());
    body.files[name] = {
      name: value.name,
      type: value.type || 'application/octet-stream',
      size: bytes.byteLength,
      bytes,
      stream: () => new Blob([bytes]).stream(),
    };
  }
  return body;
}
