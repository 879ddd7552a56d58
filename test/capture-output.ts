// Owns capturing what the process writes to stdout and stderr during a test, for tests that read the logs (restore with
// vi.restoreAllMocks, as those tests do after each).
import { vi } from 'vitest';

/** From now on stdout and stderr are swallowed; the returned list fills with every chunk written to either. */
export function captureOutput(): string[] {
  const written: string[] = [];
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  return written;
}
