// Owns the header of the pages outside the portal (sign-in, API documentation): the product, the sandbox badge, the way in.
import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';
import { Brand } from './brand';
import { SandboxBadge } from './sandbox-badge';

export function PublicHeader({ sandbox, showPortalLink }: { sandbox: boolean; showPortalLink: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex items-center gap-3">
          <Brand />
          {sandbox ? <SandboxBadge /> : null}
        </div>
        <nav aria-label="Site" className="flex items-center gap-1 text-sm">
          <Link href="/docs" className={buttonClasses('ghost', 'md')}>
            API docs
          </Link>
          {showPortalLink ? (
            <Link href="/" className={buttonClasses('primary', 'md')}>
              Portal
            </Link>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
