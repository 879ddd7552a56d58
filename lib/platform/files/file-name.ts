// Owns cleaning an uploaded file's name before it is kept and sent back in Content-Disposition.

/** The name without its path, control characters or quotes, at most 200 characters; `fallback` when none is left. */
export function safeFileName(name: string | null | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && char !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}
