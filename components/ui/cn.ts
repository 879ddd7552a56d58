// Owns joining class names: falsy parts dropped, so variants read as plain conditions. Not tailwind-merge: it adds
// 9.3 kB gzipped to every page (docs/decisions/README.md), so a primitive's defaults and a caller's className must not clash.
export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
