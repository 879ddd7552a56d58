// Owns the documentation chrome: a side navigation beside each public docs page (no credentials, no data).
import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { DocsNav } from '@/components/docs/docs-nav';
import { PublicHeader } from '@/components/layout/public-header';
import { env } from '@/lib/platform/env';

export const metadata: Metadata = {
  title: { default: 'API documentation', template: '%s · API documentation' },
  description: 'The v2 payout and liquidity API: reference, request signing and changelog.',
};

export default async function DocsLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <>
      <PublicHeader sandbox={env().APP_ENV === 'sandbox'} showPortalLink />
      <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)]">
          <aside className="lg:sticky lg:top-6 lg:self-start">
            <DocsNav />
          </aside>
          <div className="min-w-0">{children}</div>
        </div>
      </main>
    </>
  );
}
