// Owns the document shell of every page: global styles, the site header and the page frame.
import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { productName, SiteHeader } from '@/components/layout/site-header';
import { Providers } from '@/components/providers';
import { currentUser } from '@/lib/auth/current-user';
import { env } from '@/lib/env';
import './globals.css';

export const metadata: Metadata = {
  title: { default: productName, template: `%s · ${productName}` },
  description: 'Cross-border payouts funded in USDT: batches, liquidity, sender and beneficiary profiles.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request so APP_ENV is the running server's, not whatever the build machine had.
  await connection();
  const sandbox = env().APP_ENV === 'sandbox';
  const user = await currentUser();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <Providers>
          <SiteHeader sandbox={sandbox} user={user} />
          <main className="mx-auto max-w-6xl px-6 py-10">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
