// Owns joining class names: falsy parts dropped, so variants read as plain conditions.
export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
