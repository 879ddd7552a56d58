// Owns the header every page shares: the product name, the main navigation and the sandbox badge.
import Link from 'next/link';
import { SignOutButton } from '@/components/auth/sign-out-button';
import type { CurrentUser } from '@/lib/auth/current-user';
import { MainNav } from './main-nav';
import { SandboxBadge } from './sandbox-badge';

export const productName = 'Payout Portal';

export function SiteHeader({ sandbox, user }: { sandbox: boolean; user: CurrentUser | null }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <div className="flex items-center gap-3">
          <Link
            href="/"
            className="flex items-center gap-2 whitespace-nowrap text-base font-semibold text-slate-900"
          >
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
        <div className="flex w-full items-center justify-between gap-4 sm:w-auto">
          <MainNav />
          {user ? (
            <div className="flex items-center gap-2 border-l border-slate-200 pl-4">
              <div className="text-right text-xs leading-4">
                <div className="font-medium text-slate-900">{user.name}</div>
                <div className="text-slate-500">
                  {user.organization
                    ? `${user.organization.name} · ${user.organization.role}`
                    : user.staffRole
                      ? `Provider staff · ${user.staffRole.replace('_', ' ')}`
                      : 'No organization'}
                </div>
              </div>
              <SignOutButton />
            </div>
          ) : (
            <Link
              href="/login"
              className="whitespace-nowrap rounded-md bg-accent-600 px-3 py-2 text-sm font-semibold text-white hover:bg-accent-700"
            >
              Sign in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
