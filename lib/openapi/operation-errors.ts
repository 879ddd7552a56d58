// Owns how the document describes the errors each operation can answer (listed by lib/http/refusals.ts).
import type { z } from 'zod';
import { DEFAULT_MAX_BODY_BYTES, type Operation } from '@/lib/api/operation';
import { ApiError, ERROR_CATALOGUE, type ErrorKind, type FieldError } from '@/lib/errors/api-error';
import { fieldErrorsFromZod } from '@/lib/errors/field-errors';
import { type ApiArea, areaOfPath } from '@/lib/http/area';
import {
  REFUSALS,
  type RefusalContext,
  type RefusalReason,
  type RefusalRow,
  refusalContext,
  refusalsOf,
} from '@/lib/http/refusals';
import { errorBody } from '@/lib/http/render-error';

export interface ErrorExample {
  summary: string;
  value: unknown;
}

/** One documented error status of one operation: every catalogue kind behind it, with an example body each. */
export interface OperationErrorStatus {
  status: number;
  area: ApiArea;
  kinds: ErrorKind[];
  reasons: RefusalReason[];
  description: string;
  examples: Record<string, ErrorExample>;
}

/** Field errors produced by the operation's own schemas, so the 422 example is what the server really says. */
function exampleFieldErrors(operation: Operation): FieldError[] {
  const attempts: [z.ZodType | undefined, () => unknown][] = [
    [operation.body, () => ({})],
    [operation.query, () => invalidValuesFor(operation.query)],
    [operation.params, () => invalidValuesFor(operation.params)],
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
 * The description of one status: its title, then why each refusal behind it happens, naming the liquidity
 * type/code where that envelope applies (the envelope itself is the response's schema).
 */
function describeRefusals(reasons: RefusalReason[], operation: Operation, area: ApiArea): string {
  const context = documentContext(operation);
  const lines = reasons.map((reason) => {
    const row = REFUSALS[reason];
    const entry = ERROR_CATALOGUE[row.kind];
    const example = exampleError(reason, operation);
    const code = area === 'liquidity' ? ` (\`${entry.type}\` / \`${example.code}\`)` : '';
    const text = `${row.explain(operation, context)}${code}`;
    return reasons.length > 1 ? `- ${text}` : text;
  });
  const title = statusTitle(ERROR_CATALOGUE[REFUSALS[reasons[0]!].kind].status);
  return `${title}.${reasons.length > 1 ? '\n\n' : ' '}${lines.join('\n')}`;
}

/**
 * Every error status of an operation, grouped by status, in the envelope of its path — from the same
 * refusal table the wrapper raises its errors through, so the two cannot drift.
 */
export function operationErrors(operation: Operation): OperationErrorStatus[] {
  const area = areaOfPath(operation.path);
  const byStatus = new Map<number, RefusalReason[]>();
  for (const { reason, row } of refusalsOf(operation)) {
    const status = ERROR_CATALOGUE[row.kind].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), reason]);
  }
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, reasons]) => ({
      status,
      area,
      kinds: [...new Set(reasons.map((reason) => REFUSALS[reason].kind))],
      reasons,
      description: describeRefusals(reasons, operation, area),
      examples: Object.fromEntries(
        reasons.map((reason) => {
          const error = exampleError(reason, operation);
          return [reason, { summary: error.message, value: errorBody(area, error) }];
        }),
      ),
    }));
}
