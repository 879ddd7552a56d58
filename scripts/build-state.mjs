// Owns "is the production build current?": no source file may be newer than .next/BUILD_ID.
import fs from 'node:fs';
import path from 'node:path';

// Output and data folders: never inputs of the build. Everything else counts, so a change is never missed; a
// needless rebuild costs a minute, a missed one serves stale code.
const IGNORED_DIRECTORIES = new Set([
  'node_modules',
  '.git',
  '.next',
  '.data',
  '.test-data',
  'test-results',
  'playwright-report',
  'e2e',
  '.ci',
  // Tests, benchmarks and prose are never part of the app bundle.
  'test',
  'bench',
  'docs',
]);
const IGNORED_FILES = [
  /\.tsbuildinfo$/,
  /^next-env\.d\.ts$/,
  /\.log$/,
  /\.md$/,
  /\.test\.ts$/,
  // The test runners' configurations: the app never reads them.
  /^vitest(\.[\w-]+)?\.config\.ts$/,
  /^playwright\.config\.ts$/,
];

/**
 * The first file under `dir` modified after `since` (ms since the epoch), or undefined when there is none.
 * @param {string} dir @param {number} since @returns {string | undefined}
 */
function newerFile(dir, since) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (IGNORED_DIRECTORIES.has(entry.name)) continue;
      const found = newerFile(full, since);
      if (found) return found;
    } else if (entry.isFile() && !IGNORED_FILES.some((pattern) => pattern.test(entry.name))) {
      if (fs.statSync(full).mtimeMs > since) return full;
    }
  }
  return undefined;
}

/**
 * Why the build in `root`/.next must be (re)made, or undefined when it is current.
 * @param {string} root @returns {string | undefined}
 */
export function staleBuildReason(root) {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return 'no production build yet';
  const changed = newerFile(root, fs.statSync(buildId).mtimeMs);
  return changed ? `${path.relative(root, changed)} changed since the last build` : undefined;
}
