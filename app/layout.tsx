// Owns the document shell of every page: global styles, the reader's locale and the client providers.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { productName } from '@/components/layout/brand';
import { Providers } from '@/components/providers';
import { localeFromAcceptLanguage } from '@/lib/platform/format/locale';
import './globals.css';

export const metadata: Metadata = {
  title: { default: productName, template: `%s · ${productName}` },
  description: 'Cross-border payouts funded in USDT: batches, liquidity, sender and beneficiary profiles.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Numbers and dates follow the reader's language on the server's render and the browser's alike.
  const locale = localeFromAcceptLanguage((await headers()).get('accept-language'));
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <Providers locale={locale}>{children}</Providers>
      </body>
    </html>
  );
}
