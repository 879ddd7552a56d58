// Owns the frame of every portal page: sidebar (laptop) or top bar with a menu (phone), sandbox badge, the notification
// bell, user, switcher.
import type { ReactNode } from 'react';
import { NotificationBellLazy } from '@/components/notifications/notification-bell-lazy';
import type { OrganizationWire } from '@/lib/identity/contract/organizations-schemas';
import type { CurrentUser, UserMembership } from '@/lib/identity/contract/signed-in';
import { Brand } from './brand';
import { OrganizationSwitcherLazy } from './organization-switcher-lazy';
import { PortalContextProvider } from './portal-context';
import { MobileNav, SidebarNav } from './portal-nav';
import { SandboxBadge } from './sandbox-badge';
import { SupportViewBanner } from './support-view-banner';
import { UserPanel } from './user-panel';

export function PortalShell({
  user,
  organization,
  memberships,
  sandbox,
  children,
}: {
  user: CurrentUser;
  organization: OrganizationWire;
  memberships: readonly UserMembership[];
  sandbox: boolean;
  children: ReactNode;
}) {
  const switcher =
    memberships.length > 1 && !user.view ? (
      <OrganizationSwitcherLazy memberships={memberships} activeOrgId={organization.id} />
    ) : null;
  const account = (
    <div className="space-y-4">
      {switcher}
      <UserPanel user={user} />
    </div>
  );
  const role = user.organization?.role ?? 'member';
  const view = user.view;
  // A person's own notifications; staff in a support view have none of the organization's.
  const bell = view ? null : <NotificationBellLazy />;
  return (
    <PortalContextProvider
      value={{ userId: user.id, role, sandbox, readOnly: view ? { reason: view.reason } : null }}
    >
      {view ? (
        <SupportViewBanner
          organizationName={organization.name}
          reason={view.reason}
          expiresAt={view.expiresAt}
        />
      ) : null}
      <div className="min-h-screen lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-3 py-2 text-sm font-semibold text-accent-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {/* Laptop: a fixed sidebar. */}
        {/* Below a support view's sticky banner (its height in --view-banner-height), so Sign out stays on screen. */}
        <aside className="hidden border-r border-slate-200 bg-white lg:block">
          {/* Above the page (z-30), so the bell's panel opening beside it is not painted under the page's content. */}
          <div className="sticky top-[var(--view-banner-height,0px)] z-30 flex h-[calc(100dvh_-_var(--view-banner-height,0px))] flex-col">
            <div className="flex items-center gap-2 px-5 pt-5 pb-4">
              <Brand />
              <div className="ml-auto">{bell}</div>
            </div>
            {sandbox ? (
              <div className="px-5 pb-3">
                <SandboxBadge />
              </div>
            ) : null}
            <div className="flex-1 overflow-y-auto px-3 py-2">
              <SidebarNav organization={organization} />
            </div>
            <div className="border-t border-slate-200 px-4 py-4">{account}</div>
          </div>
        </aside>
        {/* Phone and tablet: a top bar; the menu opens a drawer. */}
        <header className="sticky top-0 z-30 flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 py-2 lg:hidden">
          <div className="flex min-w-0 items-center gap-2">
            <MobileNav organization={organization} footer={account} />
            <Brand />
          </div>
          <div className="flex items-center gap-2">
            {sandbox ? <SandboxBadge /> : null}
            {bell}
          </div>
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8"
        >
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </PortalContextProvider>
  );
}
