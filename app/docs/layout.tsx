// Owns the documentation chrome: a side navigation beside each public docs page (no credentials, no data).
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { DocsNav } from '@/components/docs/docs-nav';

export const metadata: Metadata = {
  title: { default: 'API documentation', template: '%s · API documentation' },
  description: 'The v2 payout and liquidity API: reference, request signing and changelog.',
};

export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <aside className="lg:sticky lg:top-6 lg:self-start">
        <DocsNav />
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
