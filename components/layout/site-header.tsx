// Owns the header every page shares: the product name, the main navigation and the sandbox badge.
import Link from 'next/link';
import { MainNav } from './main-nav';
import { SandboxBadge } from './sandbox-badge';

export const productName = 'Payout Portal';

export function SiteHeader({ sandbox }: { sandbox: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-6">
        <div className="flex items-center gap-3">
          <Link href="/" className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <span
              aria-hidden="true"
              className="grid size-7 place-items-center rounded-md bg-accent-600 text-sm text-white"
            >
              P
            </span>
            {productName}
          </Link>
          {sandbox ? <SandboxBadge /> : null}
        </div>
        <MainNav />
      </div>
    </header>
  );
}
