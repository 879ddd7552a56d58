// Owns announcing a deprecated operation on every answer from here on (Deprecation, Sunset, Link), and a deprecated
// way of calling one once the body shows it (Deprecation, Link).
import type { Env } from '@/lib/platform/env';
import type { Operation } from '@/lib/platform/operations/operation';
import { deprecatedUseHeaders, deprecationHeaders } from '../deprecations';
import type { Exchange } from './exchange';

export function announceDeprecation(
  operation: Operation,
  exchange: Exchange,
  config: Pick<Env, 'APP_BASE_URL'>,
): void {
  if (!operation.deprecated) return;
  for (const [name, value] of Object.entries(deprecationHeaders(operation.deprecated, config.APP_BASE_URL))) {
    exchange.headers.set(name, value);
  }
}

/** The request, by its parsed body, uses the operation in a deprecated way (confirm without `review_digest`). */
export function announceDeprecatedUse(
  operation: Operation,
  exchange: Exchange,
  config: Pick<Env, 'APP_BASE_URL'>,
  body: unknown,
): void {
  if (!operation.deprecatedUse?.when(body)) return;
  for (const [name, value] of Object.entries(deprecatedUseHeaders(config.APP_BASE_URL))) {
    exchange.headers.set(name, value);
  }
}
