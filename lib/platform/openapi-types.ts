// Owns the TypeScript names of the OpenAPI document's parts, derived from the generator so they cannot drift from it.
import type { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;
type Components = NonNullable<OpenApiDocument['components']>;
export type PathItem = NonNullable<OpenApiDocument['paths']>[string];
export type OperationObject = NonNullable<PathItem['get']>;
export type SchemaOrRef = NonNullable<Components['schemas']>[string];
export type ParameterOrRef = NonNullable<Components['parameters']>[string];
export type ResponseOrRef = NonNullable<Components['responses']>[string];
export type HeaderOrRef = NonNullable<Components['headers']>[string];

/** Extensions the document adds to each operation, so renderers need not re-derive access rules. */
export interface OperationAccessExtensions {
  'x-public'?: boolean;
  'x-required-role'?: string;
  /** `org` (default), `user` or `staff` (DESIGN "Audiences and roles"). */
  'x-audience'?: 'org' | 'user' | 'staff';
  /** Browser session only: API keys get 404. */
  'x-session-only'?: boolean;
  /** The first staff role a staff operation accepts (kept from before staff could hold several). */
  'x-required-staff-role'?: string;
  /** Every staff role a staff operation accepts, any of which suffices. */
  'x-staff-roles'?: string[];
  /** The request body limit in bytes, when the operation declares its own. */
  'x-max-body-bytes'?: number;
  'x-entitlement'?: string;
  'x-sandbox-only'?: boolean;
  /** Which error envelope the operation's path answers in. */
  'x-error-envelope'?: 'payouts' | 'liquidity';
  /** RFC 1123 date after which a deprecated operation may be removed. */
  'x-sunset'?: string;
  'x-replacement'?: string;
}
