// graphile-worker is used only through its public interface (add_job/add_jobs, the jobs view, complete_jobs and the
// other documented functions, WorkerUtils): its tables are private and change between releases, so an upgrade could
// silently break delivery or the tests that read them. Every tracked or new file outside node_modules is checked.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// Spelled in two parts so this file does not find itself.
const PRIVATE = ['_priv', 'ate_'].join('');

// Outside a git checkout (an exported tree): every file but these build, data and dependency folders.
const UNTRACKED = new Set([
  'node_modules',
  '.git',
  '.next',
  '.data',
  '.test-data',
  'test-results',
  'playwright-report',
]);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (UNTRACKED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [path.relative(root, full).split(path.sep).join('/')];
  });
}

function listFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).split('\0');
  } catch {
    return walk(root);
  }
}

function repositoryFiles(): string[] {
  return listFiles()
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
