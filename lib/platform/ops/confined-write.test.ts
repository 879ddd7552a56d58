import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createInside, mkdirInside } from './confined-write';

let base: string;
let root: string;
let outside: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'confined-'));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

async function write(segments: string[], text: string): Promise<void> {
  await pipeline(
    async function* () {
      yield Buffer.from(text);
    },
    createInside(root, segments),
  );
}

it('writes a new file below the root, making its directories', async () => {
  await write(['pg_wal', 'archive_status', 'x'], 'ok');
  expect(fs.readFileSync(path.join(root, 'pg_wal', 'archive_status', 'x'), 'utf8')).toBe('ok');
});

it('refuses to write through a symbolic link to a directory placed earlier at any level', async () => {
  fs.symlinkSync(outside, path.join(root, 'pg_wal'));
  await expect(write(['pg_wal', 'x'], 'evil')).rejects.toThrow(/pg_wal is a symbolic link: refused/);
  expect(() => mkdirInside(root, ['pg_wal', 'sub'])).toThrow(/symbolic link/);
  expect(fs.readdirSync(outside)).toEqual([]);
});

it('refuses a file that exists already as a symbolic link (no write through it)', async () => {
  const victim = path.join(outside, 'start.mjs');
  fs.writeFileSync(victim, 'original');
  fs.symlinkSync(victim, path.join(root, 'start.mjs'));
  await expect(write(['start.mjs'], 'evil')).rejects.toThrow(/EEXIST/);
  expect(fs.readFileSync(victim, 'utf8')).toBe('original');
});

it('refuses names that are not plain', () => {
  expect(() => mkdirInside(root, ['..', 'outside'])).toThrow(/not a plain name/);
  expect(() => createInside(root, ['a', '..'])).toThrow(/not a plain name/);
});
