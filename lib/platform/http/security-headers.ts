// Owns the security headers of the portal's pages: a Content-Security-Policy whose scripts need this response's nonce
// (Next puts it on its own scripts), no framing by any site, and, when the portal is served over https, HSTS.
// API routes never get them: proxy.ts leaves /api/ out, so API answers stay exactly as documented.

/** A fresh, unguessable nonce for one response (128 bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy for one page response. Scripts: only those carrying the nonce, and what they load ('strict-dynamic'),
 * so an injected `<script>` or inline handler does not run. Styles allow inline ones: Radix's scroll lock and
 * Recharts write style elements and attributes without a nonce, and a style cannot run code.
 */
export function contentSecurityPolicy(options: { nonce: string; https: boolean; dev?: boolean }): string {
  const directives = [
    "default-src 'self'",
    // Development only: React rebuilds server error stacks with eval.
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // Blob and data: QR codes and downloads made in the page.
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Support's document preview shows a client's PDF from this origin.
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** Headers every page response carries beside the policy. */
export function pageSecurityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
    // A year, subdomains included; only ever sent when the portal is served over https.
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
