// Owns the answer to an address that does not exist, in the product's style, with the way back.
import type { Metadata } from 'next';
import Link from 'next/link';
import { Brand } from '@/components/layout/brand';
import { buttonClasses } from '@/components/ui/button';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center px-6 text-center"
    >
      <Brand />
      <p className="mt-10 font-mono text-sm font-semibold text-accent-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </p>
      <div className="mt-6 flex gap-2">
        <Link href="/" className={buttonClasses('primary')}>
          Go to the dashboard
        </Link>
        <Link href="/docs" className={buttonClasses('secondary')}>
          API docs
        </Link>
      </div>
    </main>
  );
}
