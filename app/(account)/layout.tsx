// Owns the frame of the account pages outside the portal (forgotten password, reset, invitation): public header, centred card.
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { PublicHeader } from '@/components/layout/public-header';
import { env } from '@/lib/platform/env';

export default async function AccountLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <>
      <PublicHeader sandbox={env().APP_ENV === 'sandbox'} showPortalLink={false} />
      <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="mx-auto max-w-sm space-y-6 pt-8">{children}</div>
      </main>
    </>
  );
}
