// graphile-worker is used only through its public interface (add_job/add_jobs, the jobs view, complete_jobs and the
// other documented functions, WorkerUtils): its tables are private and change between releases, so an upgrade could
// silently break delivery or the tests that read them. Every tracked or new file outside node_modules is checked.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// Spelled in two parts so this file does not find itself.
const PRIVATE = ['_priv', 'ate_'].join('');

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').includes('node_modules'))
    .filter((file) => {
      try {
        return statSync(path.join(root, file)).isFile();
      } catch {
        // Listed by git but deleted in the work tree.
        return false;
      }
    });
}

describe("graphile-worker's private tables", () => {
  it('are named by no file of the repository: code, SQL, tests, benches and docs use its public interface', () => {
    const offenders = repositoryFiles().filter((file) =>
      readFileSync(path.join(root, file), 'latin1').includes(PRIVATE),
    );
    expect(offenders).toEqual([]);
  });
});
