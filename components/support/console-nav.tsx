'use client';
// Owns the support console's navigation: inline links in the header from xl (1280 px) up, the portal's phone menu
// below it — a person holding every staff role has ten pages, which a narrower header cannot hold beside Sign out.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { isCurrent } from '@/components/layout/navigation';
import { NavList, PhoneMenu } from '@/components/layout/portal-nav';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

export interface ConsoleLink {
  href: string;
  label: string;
  exact?: boolean;
}

export const CONSOLE_NAV_LABEL = 'Support console';

export function ConsoleNav({ links }: { links: readonly ConsoleLink[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={CONSOLE_NAV_LABEL} className="hidden gap-1 text-sm xl:flex">
      {links.map((link) => {
        const current = isCurrent(link, pathname);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={current ? 'page' : undefined}
            className={cn(
              'whitespace-nowrap rounded-md px-2.5 py-1.5',
              current ? 'bg-accent-50 font-medium text-accent-700' : 'text-slate-700 hover:text-slate-950',
              focusRing,
            )}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** Below xl: the menu button; the drawer holds the links and the account (who, Sign out). */
export function ConsolePhoneMenu({ links, account }: { links: readonly ConsoleLink[]; account: ReactNode }) {
  return (
    <div className="xl:hidden">
      <PhoneMenu label={CONSOLE_NAV_LABEL} footer={account}>
        {(close) => <NavList items={links} onNavigate={close} />}
      </PhoneMenu>
    </div>
  );
}
