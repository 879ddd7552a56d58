// Unit files share their worker's modules (vitest.config.ts): one that mocks a module or a global there would leave
// the replacement to every file after it. Each such file must be listed to get its own modules.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { MOCKING_UNITS } from '../vitest.config';

/** What marks a file as replacing a module or a global. */
const MOCKING_CALL = /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers)\(/;

const INTEGRATION = /^test\/api\/|\.integration\.test\.ts$/;
const NOT_UNIT = /^(e2e|test\/server)\//;

it('every unit file that mocks, stubs or spies runs with its own modules, and every listed file still does', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.test.ts'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && !INTEGRATION.test(file) && !NOT_UNIT.test(file));
  const mocking = files.filter((file) => MOCKING_CALL.test(readFileSync(file, 'utf8'))).sort();
  expect(mocking).toEqual([...MOCKING_UNITS].sort());
});
