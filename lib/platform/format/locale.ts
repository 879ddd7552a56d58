// Owns choosing the reader's locale on the server: the first well-formed, supported tag of Accept-Language.

/** The first supported tag of an Accept-Language header, or en-US. */
export function localeFromAcceptLanguage(header: string | null | undefined): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim();
    if (!tag || tag === '*') continue;
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // not a well-formed tag: try the next
    }
  }
  return 'en-US';
}
