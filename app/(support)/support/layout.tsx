// Owns the support console's frame and its door: provider staff only (anyone else gets the not-found page, as the
// API answers 404), and a staff member in a view is sent to the organization's portal under the banner.
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { Brand } from '@/components/layout/brand';
import { SignInRedirect } from '@/components/layout/sign-in-redirect';
import { currentUser } from '@/lib/auth/current-user';

export default async function SupportLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user) return <SignInRedirect />;
  if (!user.staffRole) notFound();
  if (user.view) redirect('/');
  const links = [
    { href: '/support', label: 'Organizations' },
    { href: '/support/views', label: 'Access records', lead: true },
    { href: '/support/pricing', label: 'Pricing', lead: true },
  ].filter((link) => !link.lead || user.staffRole === 'support_lead');
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
          <div className="flex items-center gap-6">
            <Brand />
            <span className="rounded bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">
              Support console
            </span>
            <nav aria-label="Support console" className="flex gap-4 text-sm">
              {links.map((link) => (
                <Link key={link.href} href={link.href} className="text-slate-700 hover:text-slate-950">
                  {link.label}
                </Link>
              ))}
            </nav>
          </div>
          <div className="flex items-center gap-3 text-xs text-slate-600">
            <span>
              {user.name} · {user.staffRole === 'support_lead' ? 'support lead' : 'support'}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
