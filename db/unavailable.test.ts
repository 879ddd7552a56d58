// Which failures mean "the database is away for a moment" (answered 503 with Retry-After) and which are faults.
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const driver = (code: string) => Object.assign(new Error(`write ${code} 127.0.0.1:6432`), { code });
const server = (code: string, message: string) =>
  new postgres.PostgresError({ code, message, severity: 'FATAL' } as never);
/** Drizzle's wrapping of a failed statement: the driver's error is its cause. */
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it('a lost or refused connection, a server shutting down or starting, a pooler refusing logins', () => {
    for (const error of [
      driver('CONNECTION_CLOSED'),
      driver('CONNECT_TIMEOUT'),
      driver('ECONNREFUSED'),
      server('57P01', 'terminating connection due to administrator command'),
      server('57P03', 'the database system is starting up'),
      server('53300', 'sorry, too many clients already'),
      server('08P01', 'server login has been failing, try again later (server_login_retry)'),
      wrapped(server('08006', 'connection failure')),
      wrapped(driver('CONNECTION_ENDED')),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('not a failing statement, a bug, or an outside service that fetch could not reach', () => {
    for (const error of [
      server('23505', 'duplicate key value violates unique constraint'),
      server('40P01', 'deadlock detected'),
      server('57014', 'canceling statement due to statement timeout'),
      wrapped(server('42P01', 'relation "x" does not exist')),
      new Error('Cannot read properties of undefined'),
      new TypeError('fetch failed', { cause: driver('ECONNREFUSED') }),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(false);
  });
});
