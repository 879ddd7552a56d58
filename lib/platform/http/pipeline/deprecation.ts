// Owns announcing a deprecated operation on every answer from here on (Deprecation, Sunset, Link).
import type { Env } from '@/lib/platform/env';
import type { Operation } from '@/lib/platform/operations/operation';
import { deprecationHeaders } from '../deprecations';
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
