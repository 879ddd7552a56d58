// Owns the declaration of an API operation: path, audience and access rules, body and response kinds, zod
// schemas and deprecation — read by the wrapper, the OpenAPI document and the portal's typed fetch.
// Browser-safe: imports only zod types and lib/enums (never drizzle, db/ or lib/platform/http).
import type { z } from 'zod';
import type { Entitlement } from '@/lib/platform/actor/entitlements';
import { type OrgRole, roleAtLeast, type StaffRole } from '@/lib/platform/actor/roles';
import type { ErrorCode } from '@/lib/platform/errors/codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Who an operation serves (DESIGN "Audiences and roles"): `org` — a client organization's actor, by key or
 * session; `user` — a signed-in person acting for no organization (switch organization, accept an
 * invitation); `staff` — the provider's support staff. API keys get 404 on `user` and `staff` operations,
 * client users get 404 on `staff` operations.
 */
export type Audience = 'org' | 'user' | 'staff';

/** How the request body is read. `json` when `body` is declared, else `none`, unless said otherwise. */
export type RequestBodyKind = 'json' | 'multipart' | 'none';

/** Default request body limit (DESIGN: 1 MiB unless the operation declares its own). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * How deep a JSON body may nest (objects and arrays, the outermost being level 1): far beyond any body we take (4 at
 * most today), far below what the recursive code that walks a parsed body (canonical JSON, zod) can survive. Deeper is
 * 422 before anything walks it.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Tenant limits (DESIGN "Tenant limits"), the defaults of their settings (lib/platform/env.ts): heavy operations running at once
 * per organization and operation, and streamed exports at once over all organizations, in each server process. Here
 * beside the body limit so the document states the same numbers the server starts with.
 */
export const DEFAULT_HEAVY_CONCURRENCY_PER_ORG = 2;
export const DEFAULT_EXPORT_CONCURRENCY_TOTAL = 8;
/** Open draft orders one organization may hold (MAX_OPEN_DRAFT_ORDERS). */
export const DEFAULT_MAX_OPEN_DRAFT_ORDERS = 50_000;
/** Seconds a streamed answer waits for the client to take a chunk (STREAM_WRITE_TIMEOUT_SECONDS). */
export const DEFAULT_STREAM_WRITE_TIMEOUT_SECONDS = 60;

/**
 * Heavy work, bounded per organization (DESIGN "Tenant limits"): one tenant's burst must not take the CPU or the
 * database pool from the others. Above the bound the wrapper answers 429 with `Retry-After`.
 */
export interface HeavyDeclaration {
  /** What the 429 and the document call it, in the plural ("order exports"). */
  name: string;
  /** A streamed export: also counted against the bound over every organization. */
  export?: boolean;
  /** Heavy only for some requests (createBatch: over 1,000 orders), judged on the parsed body; always when absent. */
  when?: (body: unknown) => boolean;
}

export interface Deprecation {
  /** Date after which the operation may be removed (at least 90 days after announcement). */
  sunset: Date;
  /** What replaces it, e.g. `GET /api/v2/funding/addresses`. */
  replacement: string;
}

/**
 * A way of calling an operation that is deprecated while the operation is not (confirm without `review_digest`):
 * answers to a request it matches carry `Deprecation: true` and the changelog `Link`, and no `Sunset` (no removal is
 * scheduled).
 */
export interface DeprecatedUse {
  /** Judged on the parsed body. */
  when: (body: unknown) => boolean;
  /** What the document says of it, e.g. "A confirm without `review_digest`". */
  description: string;
}

/** A part of a multipart body that carries a file. */
export interface FilePartDeclaration {
  description: string;
  /** The content types the part may carry (judged by the bytes), for the document's `encoding`. */
  contentTypes?: readonly string[];
  /** Absent parts are refused with 422 unless this is false. */
  required?: boolean;
}

export interface JsonResponseDeclaration<TSchema extends z.ZodType = z.ZodType> {
  kind?: 'json';
  status: 200 | 201 | 202;
  description: string;
  schema: TSchema;
}

export interface OperationLink {
  operationId: string;
  parameters: Readonly<Record<string, string>>;
  description?: string;
}

/** A file or stream answer (PDF receipt, CSV export, proof download). */
export interface FileResponseDeclaration {
  kind: 'file';
  status: 200;
  description: string;
  /** The content types it may answer with, for the document. */
  contentTypes: readonly string[];
}

export type ResponseDeclaration = JsonResponseDeclaration | FileResponseDeclaration;

export interface Operation {
  /** operationId in the OpenAPI document; also what the portal's typed fetch names in errors. */
  id: string;
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/api/v2/liquidity/utilization/proof-of-settlement/route/{routeId}`. */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Public operations (documentation) skip authentication and rate limiting; everything else requires both. */
  public?: boolean;
  /** Default `org`. */
  audience?: Audience;
  /** Browser session only: API keys get 404 (no key mints keys or manages the team). `user`/`staff` imply it. */
  session?: boolean;
  /** `org` audience: least organization role allowed (default member). */
  role?: OrgRole;
  /**
   * `org` audience: least role of a signed-in person, where it is above `role` (which API keys, never admins, need):
   * webhooks are managed by an integrator's key with `approver` but in the portal only by admins. Checked by the
   * wrapper with `role`, before the body and Idempotency-Key are looked at.
   */
  sessionRole?: OrgRole;
  /**
   * `staff` audience: the staff roles it accepts, any of (default `support`, which `support_lead` includes):
   * `['support_lead']` for the console's lead-only work, `['operations']` for the desk, `['treasury']` for rates.
   */
  staffRoles?: readonly StaffRole[];
  /**
   * The product the organization must be entitled to; `any` for what every product shares (the funding
   * balance: withdrawals spend the same USDT that payouts do), refused only to an organization entitled to none.
   */
  entitlement?: Entitlement | 'any';
  /** Only served when APP_ENV=sandbox; 404 in production as if it did not exist. */
  sandboxOnly?: boolean;
  query?: z.ZodType;
  /** Path parameters. A value the schema refuses (a malformed id) is 404, never 422: no such resource. */
  params?: z.ZodType;
  /** The JSON body, or the text fields of a multipart body. */
  body?: z.ZodType;
  /** A JSON body the client may leave out (the handler then gets the schema's reading of `{}`): an added body stays non-breaking. */
  bodyOptional?: boolean;
  bodyKind?: RequestBodyKind;
  /** The file parts of a multipart body, by part name. */
  files?: Readonly<Record<string, FilePartDeclaration>>;
  /** Request body limit in bytes (default 1 MiB), enforced while reading. */
  maxBodyBytes?: number;
  /** Heavy work: bounded per organization and operation in each process (429 with Retry-After above it). */
  heavy?: HeavyDeclaration;
  response: ResponseDeclaration;
  /**
   * Other success answers some requests get (a weakening policy change: 202 with the change that waits). The handler
   * answers one with `otherAnswer` (lib/platform/http/other-answer.ts); the document lists each.
   */
  otherResponses?: readonly JsonResponseDeclaration[];
  /** POST operations honour Idempotency-Key unless this is false. */
  idempotent?: boolean;
  /**
   * The specific error codes (from the catalogue in lib/platform/errors/codes.ts) the operation's service can answer,
   * beyond the refusals its other declarations imply (lib/platform/http/refusals.ts). The document lists each under its
   * status with a real example; an integration test that observes an undeclared one fails.
   */
  errors?: readonly ErrorCode[];
  /**
   * OpenAPI links from the success answer to the operations a client calls next, by name: each names the target
   * operation and where its parameters come from (`$response.body#/id`).
   */
  links?: Readonly<Record<string, OperationLink>>;
  /** Adds Deprecation, Sunset and Link headers and marks the operation in the document. */
  deprecated?: Deprecation;
  /** Adds Deprecation and Link headers (no Sunset) to the answers of the requests it matches. */
  deprecatedUse?: DeprecatedUse;
}

/** A file part as the handler receives it: bytes read within the limit, with its name and declared type. */
export interface UploadedFile {
  /** The filename the client sent (untrusted: never use it as a path). */
  name: string;
  /** The content type the client declared (untrusted: sniff the bytes when it matters). */
  type: string;
  size: number;
  bytes: Uint8Array;
  stream(): ReadableStream<Uint8Array>;
}

/** What a file operation's handler returns; the wrapper adds Content-Type, Content-Disposition and Repr-Digest. */
export interface FileBody {
  contentType: string;
  filename: string;
  /** `attachment` (download, the default) or `inline` (shown by the browser). */
  disposition?: 'attachment' | 'inline';
  body: Uint8Array | ReadableStream<Uint8Array>;
  /** SHA-256 of the whole representation (hex or bytes). Computed from `body` when it is bytes; for a
   * stream, give it when known (a stored file's hash) — a stream without one has no Repr-Digest. */
  sha256?: string | Uint8Array;
}

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;
type Field<O, K extends string> = O extends { [P in K]: infer V } ? V : undefined;

export type QueryOf<O extends Operation> = Output<Field<O, 'query'>>;
export type ParamsOf<O extends Operation> = Output<Field<O, 'params'>>;
export type BodyOf<O extends Operation> = Output<Field<O, 'body'>>;
export type FilesOf<O extends Operation> = O extends {
  files: infer F extends Record<string, FilePartDeclaration>;
}
  ? { [K in keyof F]: F[K] extends { required: false } ? UploadedFile | undefined : UploadedFile }
  : Record<string, never>;
/**
 * What a handler returns: the response schema's input (shaped by it on the way out), or a file. An operation
 * typed only as `Operation` (a test's probe) may return anything; the wrapper still shapes it.
 */
export type ResponseOf<O extends Operation> = O['response'] extends FileResponseDeclaration
  ? FileBody
  : O['response'] extends JsonResponseDeclaration<infer S>
    ? z.input<S>
    : unknown;

declare const declaration: unique symbol;

/**
 * What the browser needs to call an operation, without its zod schemas (so a page does not ship zod and every
 * schema just to make a request). Generated for each declaration in `lib/api/routes.ts`; typed by the declaration
 * it was generated from, so the typed fetch knows its params, query, body and response exactly.
 */
export interface ApiRoute<O extends Operation = Operation> {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly bodyKind: RequestBodyKind;
  /** Sends an Idempotency-Key (`isIdempotent`). */
  readonly idempotent: boolean;
  /** Answers a file (read as a Blob) rather than JSON. */
  readonly fileResponse: boolean;
  /**
   * The least organization role that may call it (`org` audience only; absent for user, staff and public ones):
   * what the portal asks (`useCan`) before offering an action, so pages never restate a role.
   */
  readonly role?: OrgRole;
  /** Type only, never present at run time: the declaration this route stands for. */
  readonly [declaration]?: O;
}

/** The declaration behind an operation or its browser route. */
export type DeclarationOf<D extends Operation | ApiRoute> = D extends ApiRoute<infer O> ? O : D;

/**
 * Whether a member of the organization with `role` may call the route: the rule the server enforces, asked by pages
 * before they offer an action (`useCan`) so no page restates an operation's role.
 */
export function roleMayCall(role: OrgRole, route: Pick<ApiRoute, 'role'>): boolean {
  return route.role !== undefined && roleAtLeast(role, route.role);
}

/** The browser route of a declaration: what `lib/api/routes.ts` holds for it. */
export function apiRouteOf<O extends Operation>(operation: O): ApiRoute<O> {
  return {
    id: operation.id,
    method: operation.method,
    path: operation.path,
    bodyKind: bodyKindOf(operation),
    idempotent: isIdempotent(operation),
    fileResponse: isFileResponse(operation.response),
    // The portal is a session: it asks what a signed-in person needs.
    ...(audienceOf(operation) === 'org' ? { role: sessionRoleOf(operation) } : {}),
  };
}

/** What a client sends and receives (the portal's typed fetch), from a declaration or its browser route. */
export type QueryInputOf<D extends Operation | ApiRoute> = Input<Field<DeclarationOf<D>, 'query'>>;
export type ParamsInputOf<D extends Operation | ApiRoute> = Input<Field<DeclarationOf<D>, 'params'>>;
export type BodyInputOf<D extends Operation | ApiRoute> = Input<Field<DeclarationOf<D>, 'body'>>;
export type ResponseWireOf<D extends Operation | ApiRoute> =
  DeclarationOf<D>['response'] extends FileResponseDeclaration
    ? Blob
    : DeclarationOf<D>['response'] extends JsonResponseDeclaration<infer S>
      ? z.output<S>
      : never;

/** Keeps the literal type of an operation (its schemas, audience, response kind) for its handler and clients. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

/**
 * POSTs of `org` operations honour Idempotency-Key unless declared otherwise. Records are scoped by organization,
 * so `user` and `staff` POSTs (whose actor may act for none, or view another's) do not take one.
 */
export function isIdempotent(operation: Operation): boolean {
  return operation.method === 'POST' && operation.idempotent !== false && audienceOf(operation) === 'org';
}

/** The least role a signed-in person needs for an `org` operation (`sessionRole`, else `role`, else member). */
export function sessionRoleOf(operation: Operation): OrgRole {
  return operation.sessionRole ?? operation.role ?? 'member';
}

export function audienceOf(operation: Operation): Audience {
  return operation.audience ?? 'org';
}

/** API keys are not served: session-only operations and every `user` or `staff` operation. */
export function isSessionOnly(operation: Operation): boolean {
  return operation.session === true || audienceOf(operation) !== 'org';
}

export function bodyKindOf(operation: Operation): RequestBodyKind {
  if (operation.bodyKind) return operation.bodyKind;
  return operation.body ? 'json' : 'none';
}

export function maxBodyBytesOf(operation: Operation, fallback = DEFAULT_MAX_BODY_BYTES): number {
  return operation.maxBodyBytes ?? fallback;
}

export function isFileResponse(response: ResponseDeclaration): response is FileResponseDeclaration {
  return response.kind === 'file';
}
