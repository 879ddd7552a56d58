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
