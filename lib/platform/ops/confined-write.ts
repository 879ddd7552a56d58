// Owns writing below a root directory without ever leaving it: every level is looked at (never followed), and files
// are created new with O_EXCL | O_NOFOLLOW, so a symbolic link already there — put by anyone, at any level — is
// refused instead of written through. Restoring a backup as root depends on it.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes (or accepts) the directory `segments` below `root`, level by level; a level that is a symbolic link or not a
 * directory is refused. Answers its path.
 */
export function mkdirInside(root: string, segments: string[]): string {
  let current = root;
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || segment.includes('/')) {
      throw new Error(`${JSON.stringify(segment)} is not a plain name: refused below ${root}`);
    }
    current = path.join(current, segment);
    const stats = fs.lstatSync(current, { throwIfNoEntry: false });
    if (!stats) fs.mkdirSync(current, { mode: 0o700 });
    else if (stats.isSymbolicLink()) throw new Error(`${current} is a symbolic link: refused`);
    else if (!stats.isDirectory()) throw new Error(`${current} is not a directory: refused`);
  }
  return current;
}

/** Opens a new file `segments` below `root` for writing (its directories made by mkdirInside); one that exists is refused. */
export function createInside(root: string, segments: string[]): fs.WriteStream {
  const name = segments.at(-1);
  if (!name) throw new Error(`no file name below ${root}`);
  if (name === '.' || name === '..' || name.includes('/')) {
    throw new Error(`${JSON.stringify(name)} is not a plain name: refused below ${root}`);
  }
  const parent = mkdirInside(root, segments.slice(0, -1));
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
  return fs.createWriteStream('', { fd: fs.openSync(path.join(parent, name), flags, 0o600) });
}
