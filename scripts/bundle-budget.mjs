// Owns the JavaScript budget of every page: reads next build's route bundle stats, gzips each page's first-load
// chunks, writes the table into docs/performance.md and fails when a page is over the budget. Run right after `next build`.
// Usage: node scripts/bundle-budget.mjs [--check]   (--check: fail if the docs/performance.md table is stale instead of writing it)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 250 * 1000; // 250 kB gzipped first-load JS per page
const root = path.resolve(import.meta.dirname, '..');
const STATS = path.join(root, '.next/diagnostics/route-bundle-stats.json');
const TABLE_FILE = path.join(root, 'docs', 'performance.md');
const START = '<!-- bundle-budget:start -->';
const END = '<!-- bundle-budget:end -->';

/** @typedef {{ route: string, firstLoadUncompressedJsBytes: number, firstLoadChunkPaths: string[] }} RouteStats */

/** @param {RouteStats[]} stats @param {(file: string) => Buffer} read */
export function measure(stats, read) {
  /** @type {Map<string, number>} */
  const gzipped = new Map();
  const sizeOf = (/** @type {string} */ file) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(read(file), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  return stats
    .filter((entry) => !entry.route.startsWith('/api'))
    .map((entry) => ({
      route: entry.route,
      rawBytes: entry.firstLoadUncompressedJsBytes,
      gzipBytes: entry.firstLoadChunkPaths.reduce((sum, file) => sum + sizeOf(file), 0),
    }))
    .sort((a, b) => a.route.localeCompare(b.route));
}

const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** @param {ReturnType<typeof measure>} rows */
export function table(rows) {
  const lines = [
    `| page | first-load JS (gzip) | uncompressed | budget ${kB(BUDGET_BYTES)} |`,
    '|---|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| \`${row.route}\` | ${kB(row.gzipBytes)} | ${kB(row.rawBytes)} | ${row.gzipBytes <= BUDGET_BYTES ? 'ok' : '**over**'} |`,
    ),
  ];
  return lines.join('\n');
}

/** @param {string} readme @param {string} body */
export function replaceTable(readme, body) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`docs/performance.md has no ${START} … ${END} block`);
  return `${readme.slice(0, start + START.length)}\n${body}\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  /** @type {RouteStats[]} */
  let stats;
  try {
    stats = JSON.parse(readFileSync(STATS, 'utf8'));
  } catch (error) {
    console.error(
      `bundle budget: cannot read ${path.relative(root, STATS)}; run \`next build\` first (${error})`,
    );
    process.exit(1);
  }
  const rows = measure(stats, (file) => readFileSync(path.join(root, file)));
  const body = table(rows);
  const readme = readFileSync(TABLE_FILE, 'utf8');
  const updated = replaceTable(readme, body);
  if (updated !== readme) writeFileSync(TABLE_FILE, updated);
  console.log(body);
  const over = rows.filter((row) => row.gzipBytes > BUDGET_BYTES);
  if (over.length) {
    const list = over.map((row) => `${row.route} (${kB(row.gzipBytes)})`).join(', ');
    console.error(`bundle budget: ${list} over ${kB(BUDGET_BYTES)}`);
    process.exit(1);
  }
  console.log(
    `bundle budget: every page within ${kB(BUDGET_BYTES)}${updated !== readme ? ' (docs/performance.md table updated)' : ''}`,
  );
}
