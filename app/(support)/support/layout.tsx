// Owns the support console's frame and its door: provider staff only (anyone else gets the not-found page, as the
// API answers 404), and a staff member in a view is sent to the organization's portal under the banner.
import { notFound, redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { SignOutButton } from '@/components/auth/sign-out-button';
import { Brand } from '@/components/layout/brand';
import { SignInRedirect } from '@/components/layout/sign-in-redirect';
import { consoleLinks } from '@/components/support/console-links';
import { ConsoleNav, ConsolePhoneMenu } from '@/components/support/console-nav';
import { currentUser } from '@/lib/identity/server';
import { staffRoleLabel } from '@/lib/platform/actor/roles';

export default async function SupportLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (!user) return <SignInRedirect />;
  if (!user.staffRole) notFound();
  if (user.view) redirect('/');
  const links = consoleLinks(user.staffRoles);
  const roles = user.staffRoles.map(staffRoleLabel).join(', ');
  const who = `${user.name} · ${roles}`;
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-3 py-2 md:gap-4 md:px-4 md:py-3">
          <div className="flex min-w-0 items-center gap-2 md:gap-6 xl:gap-4">
            <ConsolePhoneMenu
              links={links}
              account={
                <div className="space-y-3 text-xs text-slate-600">
                  <p>{who}</p>
                  <SignOutButton className="w-full" />
                </div>
              }
            />
            <Brand />
            <span className="whitespace-nowrap rounded bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">
              Support console
            </span>
            <ConsoleNav links={links} />
          </div>
          {/* Beside the links, the name alone (the roles in its title); the drawer below xl says both. */}
          <div className="hidden items-center gap-3 text-xs text-slate-600 xl:flex">
            <span className="whitespace-nowrap" title={roles}>
              {user.name}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto min-w-0 max-w-6xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
