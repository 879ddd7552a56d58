// Owns the production start-up check of `npm start`, run before a build, a migration or an embedded database: it
// prints every problem at once (names, never values) and exits 1, or exits 0 when production may start.
import { assertReadyToStart } from '@/lib/platform/adapters/registry';
import { EnvError } from '@/lib/platform/env';

try {
  assertReadyToStart(process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
