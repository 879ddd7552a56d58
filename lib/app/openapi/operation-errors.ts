// Owns how the document describes the errors each operation can answer: the wrapper's refusals its declaration
// makes possible (lib/platform/http/refusals.ts) and the catalogued codes it declares (`errors`, lib/platform/errors/codes.ts).
import type { z } from 'zod';
import { ApiError, type ErrorKind, type FieldError } from '@/lib/platform/errors/api-error';
import { ERROR_CODES, type ErrorCode } from '@/lib/platform/errors/codes';
import { fieldErrorsFromZod } from '@/lib/platform/errors/field-errors';
import { type ApiArea, areaOfPath } from '@/lib/platform/http/area';
import { httpStatusOf, liquidityTypeOf } from '@/lib/platform/http/error-status';
import {
  REFUSALS,
  type RefusalContext,
  type RefusalReason,
  type RefusalRow,
  refusalContext,
  refusalsOf,
} from '@/lib/platform/http/refusals';
import { errorBody } from '@/lib/platform/http/render-error';
import { DEFAULT_MAX_BODY_BYTES, type Operation } from '@/lib/platform/operations/operation';
import { codeExampleFor } from './code-examples';

export interface ErrorExample {
  summary: string;
  value: unknown;
}

/** One documented error status of one operation: every catalogue kind behind it, with an example body each. */
export interface OperationErrorStatus {
  status: number;
  area: ApiArea;
  kinds: ErrorKind[];
  /** The refusals and declared codes behind it, each the key of its example. */
  reasons: (RefusalReason | ErrorCode)[];
  /** The `code` of every example (what a client can branch on). */
  codes: string[];
  description: string;
  examples: Record<string, ErrorExample>;
}

/** One refusal or declared code, as the document describes it. */
interface ErrorCause {
  key: RefusalReason | ErrorCode;
  kind: ErrorKind;
  explain: string;
  example: ApiError;
  /** More examples of the same cause (the sandbox's explained 401), by key. */
  variants?: Record<string, { summary: string; error: ApiError }>;
}

/**
 * Field errors produced by the operation's own schemas, so the 422 example is what the server really says. Never from
 * the path parameters: a malformed path id is 404, like an unknown one.
 */
function exampleFieldErrors(operation: Operation): FieldError[] {
  const attempts: [z.ZodType | undefined, () => unknown][] = [
    [operation.body, () => ({})],
    [operation.query, () => invalidValuesFor(operation.query)],
    // A body whose fields are all optional: a field it does not take (refused when the schema is strict).
    [operation.body, () => ({ unexpected_field: true })],
  ];
  for (const [schema, input] of attempts) {
    if (!schema) continue;
    try {
      const result = schema.safeParse(input());
      if (!result.success) return fieldErrorsFromZod(result.error).slice(0, 3);
    } catch {
      // A refinement that throws on nonsense input must not take the whole document down with it.
    }
  }
  const requiredFile = Object.entries(operation.files ?? {}).find(([, part]) => part.required !== false);
  if (requiredFile) {
    const [field] = requiredFile;
    return [{ field, code: 'required', message: `${field}: is required` }];
  }
  return [
    {
      field: 'Idempotency-Key',
      code: 'invalid',
      message: 'Idempotency-Key: must be 1 to 255 visible ASCII characters',
    },
  ];
}

/** Every key of an object schema set to a value no sane field accepts (query and path values are strings). */
function invalidValuesFor(schema: z.ZodType | undefined): Record<string, string> {
  const shape = schema && 'shape' in schema ? (schema.shape as Record<string, unknown>) : {};
  return Object.fromEntries(Object.keys(shape).map((key) => [key, 'not-valid!']));
}

function exampleError(reason: RefusalReason, operation: Operation): ApiError {
  if (reason === 'validation') return ApiError.validation(exampleFieldErrors(operation));
  const row: RefusalRow = REFUSALS[reason];
  return row.error(operation, documentContext(operation));
}

/** The deployment default is the documented 1 MiB; an operation's own limit is documented as declared. */
function documentContext(operation: Operation): RefusalContext {
  return refusalContext(operation, DEFAULT_MAX_BODY_BYTES);
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Validation failed',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Upstream dependency failed',
  503: 'Service unavailable',
};

export function statusTitle(status: number): string {
  return STATUS_TITLES[status] ?? `HTTP ${status}`;
}

/**
 * A declared code's example, as a real answer carries it (with `param` and `errors` when it names a field): rendered
 * by the service's own function where the operation words it its own way, else the catalogue's example.
 */
function exampleOfCode(operation: Operation, code: ErrorCode): ApiError {
  const own = codeExampleFor(operation.id, code);
  if (own) return own;
  const entry: { kind: ErrorKind; example: string; param?: string } = ERROR_CODES[code];
  const fieldErrors = entry.param ? [{ field: entry.param, code, message: entry.example }] : undefined;
  return new ApiError(entry.kind, entry.example, { code, param: entry.param, fieldErrors });
}

function causesOf(operation: Operation): ErrorCause[] {
  const context = documentContext(operation);
  const refusals = refusalsOf(operation).map(
    ({ reason, row }): ErrorCause => ({
      key: reason,
      kind: row.kind,
      explain: row.explain(operation, context),
      example: exampleError(reason, operation),
      variants: row.variants?.(),
    }),
  );
  const declared = [...new Set(operation.errors ?? [])].map(
    (code): ErrorCause => ({
      key: code,
      kind: ERROR_CODES[code].kind,
      explain: ERROR_CODES[code].explain,
      example: exampleOfCode(operation, code),
    }),
  );
  // A declared code the wrapper also answers (a service's own 404) is described once.
  const seen = new Set(refusals.map((cause) => `${cause.kind} ${cause.example.code}`));
  return [...refusals, ...declared.filter((cause) => !seen.has(`${cause.kind} ${cause.example.code}`))];
}

/**
 * The description of one status: its title, then why each cause behind it happens, naming the code (and the
 * liquidity type) a client branches on (the envelope itself is the response's schema).
 */
function describeCauses(causes: ErrorCause[], area: ApiArea): string {
  const lines = causes.map((cause) => {
    const code =
      area === 'liquidity'
        ? ` (\`${liquidityTypeOf(cause.kind)}\` / \`${cause.example.code}\`)`
        : ` (\`${cause.example.code}\`)`;
    const text = `${cause.explain}${code}`;
    return causes.length > 1 ? `- ${text}` : text;
  });
  const title = statusTitle(httpStatusOf(causes[0]!.kind));
  return `${title}.${causes.length > 1 ? '\n\n' : ' '}${lines.join('\n')}`;
}

/**
 * Every error status of an operation, grouped by status, in the envelope of its path — from the same refusal
 * table the wrapper raises its errors through and the codes the operation declares, so the two cannot drift.
 */
export function operationErrors(operation: Operation): OperationErrorStatus[] {
  const area = areaOfPath(operation.path);
  const byStatus = new Map<number, ErrorCause[]>();
  for (const cause of causesOf(operation)) {
    const status = httpStatusOf(cause.kind);
    byStatus.set(status, [...(byStatus.get(status) ?? []), cause]);
  }
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, causes]) => ({
      status,
      area,
      kinds: [...new Set(causes.map((cause) => cause.kind))],
      reasons: causes.map((cause) => cause.key),
      codes: [...new Set(causes.map((cause) => cause.example.code))],
      description: describeCauses(causes, area),
      examples: Object.fromEntries(
        causes.flatMap((cause) => [
          [cause.key, { summary: cause.example.message, value: errorBody(area, cause.example) }],
          ...Object.entries(cause.variants ?? {}).map(([key, variant]) => [
            key,
            { summary: variant.summary, value: errorBody(area, variant.error) },
          ]),
        ]),
      ),
    }));
}
