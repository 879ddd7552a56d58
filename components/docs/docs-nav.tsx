// Owns the documentation's side navigation: the three guides and the raw OpenAPI document.
import Link from 'next/link';

export const DOCS_LINKS = [
  { href: '/docs/api', label: 'API reference', summary: 'Every operation, its fields and its errors' },
  {
    href: '/docs/signing',
    label: 'Signing requests',
    summary: 'Quick start, the algorithm, curl and Node; verifying webhooks',
  },
  { href: '/docs/changelog', label: 'Changelog', summary: 'Versions and deprecations' },
] as const;

export function DocsNav() {
  return (
    <nav aria-label="Documentation" className="space-y-6 text-sm">
      <div>
        <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Documentation</p>
        <ul className="mt-2 space-y-1">
          {DOCS_LINKS.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className="block rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              >
                <span className="block font-medium">{link.label}</span>
                <span className="block text-xs text-slate-500">{link.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Machine-readable</p>
        <ul className="mt-2 space-y-1">
          <li>
            {/* A plain link: it is a JSON document, not a page of this app. */}
            <a
              href="/api/v2/openapi.json"
              className="block rounded-md px-3 py-2 font-mono text-xs text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            >
              /api/v2/openapi.json
            </a>
          </li>
        </ul>
      </div>
    </nav>
  );
}
