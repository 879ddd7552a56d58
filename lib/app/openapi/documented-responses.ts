// Owns reading back from the OpenAPI document what an operation says it may answer: each status, and for an
// error status the codes its examples carry. Tests hold every observed response to it.
import type { OpenApiDocument, ResponseOrRef } from '../../platform/openapi-types';

/** Status → the error codes documented under it (empty for a success, whose body has no code). */
export type DocumentedOutcomes = Map<number, Set<string>>;

type Json = Record<string, unknown>;

function resolve(document: OpenApiDocument, response: ResponseOrRef): Json {
  if ('$ref' in response && typeof response.$ref === 'string') {
    const name = response.$ref.replace('#/components/responses/', '');
    return (document.components?.responses?.[name] ?? {}) as Json;
  }
  return response as unknown as Json;
}

/** The code a body in either envelope carries: payouts `code`, liquidity `error.code`. */
export function errorCodeOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Json;
  if (typeof record.code === 'string') return record.code;
  const error = record.error as Json | undefined;
  return typeof error?.code === 'string' ? error.code : undefined;
}

/** What the document lists for one operation, or undefined when it documents no such operation. */
export function documentedOutcomes(
  document: OpenApiDocument,
  method: string,
  path: string,
): DocumentedOutcomes | undefined {
  const item = document.paths?.[path] as Record<string, Json | undefined> | undefined;
  const operation = item?.[method.toLowerCase()];
  if (!operation) return undefined;
  const outcomes: DocumentedOutcomes = new Map();
  for (const [status, response] of Object.entries(
    (operation.responses ?? {}) as Record<string, ResponseOrRef>,
  )) {
    const codes = new Set<string>();
    const content = (resolve(document, response).content ?? {}) as Record<string, Json>;
    for (const media of Object.values(content)) {
      for (const example of Object.values((media.examples ?? {}) as Record<string, Json>)) {
        const code = errorCodeOf(example.value);
        if (code) codes.add(code);
      }
    }
    outcomes.set(Number(status), codes);
  }
  return outcomes;
}

/**
 * Why an observed answer is not what the operation documents, or null when it is: its status must be listed,
 * and an error's code must be among that status's examples.
 */
export function undocumentedAnswer(
  outcomes: DocumentedOutcomes,
  status: number,
  body: unknown,
): string | null {
  const codes = outcomes.get(status);
  if (!codes) return `status ${status} is not documented (documented: ${[...outcomes.keys()].join(', ')})`;
  if (status < 400) return null;
  const code = errorCodeOf(body);
  if (code === undefined) return `status ${status} answered without a code`;
  if (!codes.has(code))
    return `status ${status} code \`${code}\` is not documented (documented: ${[...codes].join(', ')})`;
  return null;
}

/** The codes the document lets an `errors[]` entry carry (the `FieldError` schema's `code` enum). */
export function documentedFieldErrorCodes(document: OpenApiDocument): Set<string> {
  const schema = document.components?.schemas?.FieldError as Json | undefined;
  const code = (schema?.properties as Record<string, Json> | undefined)?.code;
  return new Set((code?.enum as string[] | undefined) ?? []);
}

/** Why an error body's `errors[]` (either envelope) carries a code the document does not list, or null. */
export function uncataloguedFieldErrorCode(codes: Set<string>, body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Json;
  const errors = (record.errors ?? (record.error as Json | undefined)?.errors) as Json[] | undefined;
  const unknown = (errors ?? []).map((entry) => entry.code).filter((code) => !codes.has(String(code)));
  return unknown.length > 0
    ? `errors[].code \`${unknown.join('`, `')}\` is not in the FieldError catalogue`
    : null;
}
