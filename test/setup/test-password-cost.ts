// Owns the password cost of the integration and built-server test runs: new hashes at scrypt N = 2^10 (1 MiB,
// about a millisecond) instead of OWASP's N = 2^17 (128 MiB, a CPU-second on a loaded two-core machine), which
// hundreds of test users paid. Sign-in still verifies whatever parameters a hash carries; the production cost is
// proved by lib/identity/server/auth/password-hash.test.ts (unit run, no setup) and the upgrade test in test/api/sign-in.test.ts.
import { setPasswordHashParamsForTests } from '@/lib/identity/server/auth/password-hash';

export const TEST_PASSWORD_HASH_PARAMS = { N: 2 ** 10, r: 8, p: 1 };

setPasswordHashParamsForTests(TEST_PASSWORD_HASH_PARAMS);
