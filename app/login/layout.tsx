// Owns the frame of the sign-in page: the public header above a centred form.
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { PublicHeader } from '@/components/layout/public-header';
import { env } from '@/lib/platform/env';

export default async function LoginLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <>
      <PublicHeader sandbox={env().APP_ENV === 'sandbox'} showPortalLink={false} />
      <main id="main" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        {children}
      </main>
    </>
  );
}
