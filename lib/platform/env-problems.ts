// Owns what the configuration tests assert on: the problems parseEnv names for an environment it refuses — one helper
// for env.test.ts and the adapters' settings tests, so each states only the environment and the messages it expects.
import { EnvError, parseEnv } from './env';

/** The problems parseEnv names for `source`; throws when it accepts it (the test expected a refusal). */
export function problemsOf(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('expected the environment to be rejected');
}
