// Owns reading the raw body as the operation declares it — JSON, multipart (text fields + declared files), or none —
// into its schema, and the one canonical text of it that Idempotency-Key requests are compared by.
import type { z } from 'zod';
import { sha256Hex } from '@/lib/platform/crypto/hash';
import { ApiError, type FieldError } from '@/lib/platform/errors/api-error';
import { fieldErrorsFromZod, PARSE_OPTIONS } from '@/lib/platform/errors/field-errors';
import { bodyKindOf, type Operation } from '@/lib/platform/operations/operation';
import { parseJsonBody, parseMultipartBody } from '../body';
import { canonicalJson } from '../idempotency';
import type { RefusalContext } from '../refusals';

export interface ParsedBody {
  body: unknown;
  files: Record<string, unknown>;
  /** The body as sent, in one canonical text (JSON values, not bytes), for comparing Idempotency-Key requests. */
  canonical: string;
}

function parseWith<T extends z.ZodType | undefined>(schema: T, input: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(input, PARSE_OPTIONS);
  if (!result.success) throw ApiError.validation(fieldErrorsFromZod(result.error));
  return result.data;
}

export async function parseBody(
  operation: Operation,
  request: Request,
  rawBody: Uint8Array,
  context: RefusalContext,
): Promise<ParsedBody> {
  if (bodyKindOf(operation) === 'multipart') return parseMultipart(operation, request, rawBody, context);
  // A body is parsed (and so checked for content type and JSON) even where the operation takes none,
  // so a client sending one by mistake hears about it instead of having it silently ignored.
  const json = parseJsonBody(request, rawBody, operation, context);
  // No body at all reads as `{}` (every field optional); a JSON `null` is a body, and not an object: 422.
  return {
    body: operation.body ? parseWith(operation.body, json === undefined ? {} : json) : undefined,
    files: {},
    canonical: json === undefined ? '' : canonicalJson(json),
  };
}

/** Text fields through the body schema and file parts against the declared ones: every problem in one 422. */
async function parseMultipart(
  operation: Operation,
  request: Request,
  rawBody: Uint8Array,
  context: RefusalContext,
): Promise<ParsedBody> {
  const multipart = await parseMultipartBody(request, rawBody, operation, context);
  const declared = operation.files ?? {};
  const problems: FieldError[] = [
    ...Object.keys(multipart.files)
      .filter((name) => !(name in declared))
      .map(
        (field): FieldError => ({
          field,
          code: 'unknown_field',
          message: `${field}: is not a recognised field`,
        }),
      ),
    ...Object.entries(declared)
      .filter(([name, part]) => part.required !== false && !multipart.files[name])
      .map(([field]): FieldError => ({ field, code: 'required', message: `${field}: is required` })),
  ];
  const body = operation.body ? operation.body.safeParse(multipart.fields, PARSE_OPTIONS) : undefined;
  const fieldProblems = body && !body.success ? fieldErrorsFromZod(body.error) : [];
  if (problems.length + fieldProblems.length > 0) throw ApiError.validation([...fieldProblems, ...problems]);
  const canonical = canonicalJson({
    fields: multipart.fields,
    files: Object.fromEntries(
      Object.entries(multipart.files).map(([name, file]) => [
        name,
        { name: file.name, type: file.type, sha256: sha256Hex(file.bytes) },
      ]),
    ),
  });
  return { body: body?.success ? body.data : undefined, files: multipart.files, canonical };
}
