'use client';
// Owns the app's navigation: the sidebar at laptop width, a menu button and drawer on phones; the portal's items by
// entitlement, the current one marked. The support console uses the same list and phone menu with its own items.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { type ReactNode, useEffect, useState } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Drawer } from '@/components/ui/dialog';
import { Menu } from '@/components/ui/icons';
import type { OrganizationWire } from '@/lib/identity/contract/organizations-schemas';
import { isCurrent, type NavigationItem, visibleNavigation } from './navigation';
import { usePortal } from './portal-context';
import { useOrganization } from './use-organization';

/** A list of navigation links, the one matching the current path marked (aria-current). */
export function NavList({
  items,
  onNavigate,
}: {
  items: readonly Pick<NavigationItem, 'href' | 'label' | 'exact'>[];
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  return (
    <ul className="space-y-0.5">
      {items.map((item) => {
        const current = isCurrent(item, pathname);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'flex items-center rounded-md px-3 py-2 text-sm font-medium transition-colors',
                current
                  ? 'bg-accent-50 text-accent-700'
                  : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                focusRing,
              )}
            >
              {current ? (
                <span aria-hidden="true" className="-ml-3 mr-2.5 h-5 w-0.5 rounded bg-accent-600" />
              ) : null}
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function PortalNavList({
  organization,
  onNavigate,
}: {
  organization: OrganizationWire;
  onNavigate?: () => void;
}) {
  const { data } = useOrganization(organization);
  const { sandbox } = usePortal();
  return (
    <NavList
      items={visibleNavigation((data ?? organization).entitlements, { sandbox })}
      onNavigate={onNavigate}
    />
  );
}

export function SidebarNav({ organization }: { organization: OrganizationWire }) {
  return (
    <nav aria-label="Main">
      <PortalNavList organization={organization} />
    </nav>
  );
}

/**
 * The phone menu: a button that opens a drawer with the navigation (named `label`) and a footer (who is signed in,
 * Sign out). It closes after a choice and on any path change.
 */
export function PhoneMenu({
  label = 'Main',
  footer,
  children,
}: {
  label?: string;
  footer: ReactNode;
  /** The navigation's content, given the callback that closes the menu. */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // Close after a navigation (also covers the browser's back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setOpen(false), [pathname]);
  return (
    <Drawer
      side="left"
      open={open}
      onOpenChange={setOpen}
      title="Menu"
      trigger={
        <Button variant="ghost" size="md" aria-label="Open the menu" className="px-2.5">
          <Menu className="size-5" />
        </Button>
      }
    >
      <nav aria-label={label}>{children(() => setOpen(false))}</nav>
      <div className="mt-6 border-t border-slate-200 pt-4">{footer}</div>
    </Drawer>
  );
}

export function MobileNav({ organization, footer }: { organization: OrganizationWire; footer: ReactNode }) {
  return (
    <PhoneMenu footer={footer}>
      {(close) => <PortalNavList organization={organization} onNavigate={close} />}
    </PhoneMenu>
  );
}
