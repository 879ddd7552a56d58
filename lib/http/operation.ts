// Owns the declaration of an API operation: path, access rules and zod schemas — read by the wrapper and the OpenAPI document.
import type { z } from 'zod';
import type { Entitlement } from '@/db/schema/organizations';
import type { OrgRole } from '@/db/schema/users';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OperationResponse<TSchema extends z.ZodType> {
  status: 200 | 201 | 202;
  description: string;
  schema: TSchema;
}

export interface Operation<
  TQuery extends z.ZodType = z.ZodType,
  TParams extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  /** operationId in the OpenAPI document. */
  id: string;
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/api/v2/liquidity/utilization/proof-of-settlement/route/{routeId}`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Public operations (documentation) skip authentication and rate limiting; everything else requires both. */
  public?: boolean;
  /** Least organization role allowed (default member). */
  role?: OrgRole;
  entitlement?: Entitlement;
  /** Only served when APP_ENV=sandbox; 404 in production as if it did not exist. */
  sandboxOnly?: boolean;
  query?: TQuery;
  params?: TParams;
  body?: TBody;
  /** This operation's request body limit in bytes (default MAX_BODY_BYTES, 1 MiB). */
  maxBodyBytes?: number;
  response: OperationResponse<TResponse>;
  /** POST operations honour Idempotency-Key unless this is false. */
  idempotent?: boolean;
}

type Output<T extends z.ZodType | undefined> = T extends z.ZodType ? z.output<T> : undefined;

export type QueryOf<O> = O extends Operation<infer Q, z.ZodType, z.ZodType, z.ZodType> ? Output<Q> : never;
export type ParamsOf<O> = O extends Operation<z.ZodType, infer P, z.ZodType, z.ZodType> ? Output<P> : never;
export type BodyOf<O> = O extends Operation<z.ZodType, z.ZodType, infer B, z.ZodType> ? Output<B> : never;
export type ResponseOf<O> =
  O extends Operation<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.input<R> : never;

/** Identity function that keeps the literal types of an operation for its handler. */
export function defineOperation<
  TQuery extends z.ZodType = z.ZodUndefined,
  TParams extends z.ZodType = z.ZodUndefined,
  TBody extends z.ZodType = z.ZodUndefined,
  TResponse extends z.ZodType = z.ZodType,
>(operation: Operation<TQuery, TParams, TBody, TResponse>): Operation<TQuery, TParams, TBody, TResponse> {
  return operation;
}

export function isIdempotent(operation: Operation): boolean {
  return operation.method === 'POST' && operation.idempotent !== false;
}
