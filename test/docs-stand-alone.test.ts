// The repository stands alone: a clone has no ../shared/, so nothing a reader follows may point there.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Files a newcomer reads: the README, docs/, and the pages under /docs. */
function readerFacingFiles(): string[] {
  const files = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(md|tsx?|mdx)$/.test(name)) files.push(full);
    }
  };
  for (const dir of ['docs', 'app/docs', 'components/docs', 'bench/README.md']) {
    if (dir.endsWith('.md')) files.push(dir);
    else walk(dir);
  }
  return files;
}

describe('docs stand alone', () => {
  it('no README or doc page points outside the repository', () => {
    const offenders = readerFacingFiles().filter((file) =>
      /\.\.\/shared\/|shared\/spec\/|shared\/DESIGN/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

/**
 * Repository paths a Markdown doc names in backticks (`lib/pricing/server/seed.ts`, `db/functions/`): a file or folder
 * under one of the tree's top folders, with an extension or a trailing slash. Globs and placeholders are skipped.
 */
function namedPaths(text: string): string[] {
  const TOP = /^(app|bench|components|db|docs|e2e|lib|scripts|test)\//;
  const found = new Set<string>();
  for (const [, candidate] of text.matchAll(/`([^`\s]+)`/g)) {
    const named = candidate!.replace(/[:#].*$/, '').replace(/[),.]+$/, '');
    // Folders a run writes its own output to (git-ignored): bench/results/ (a doc may quote a report) and
    // e2e/screenshots/ (made only with E2E_SCREENSHOTS=1).
    const output = named.startsWith('bench/results/') || named.startsWith('e2e/screenshots/');
    if (!TOP.test(named) || output || /[*<>{}[\]…]/.test(named)) continue;
    if (!/\.[a-z]+$/.test(named) && !named.endsWith('/')) continue;
    found.add(named);
  }
  return [...found];
}

describe('docs name what exists', () => {
  it('every file or folder a README or docs page names is in the repository', () => {
    const missing = readerFacingFiles()
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) =>
        namedPaths(readFileSync(file, 'utf8'))
          .filter((named) => {
            try {
              statSync(named);
              return false;
            } catch {
              return true;
            }
          })
          .map((named) => `${file}: ${named}`),
      );
    expect(missing).toEqual([]);
  });

  it('the check finds a named path', () => {
    expect(namedPaths('see `lib/seed/quote-math.ts` and `db/functions/`, not `*.ts`')).toEqual([
      'lib/seed/quote-math.ts',
      'db/functions/',
    ]);
  });
});
