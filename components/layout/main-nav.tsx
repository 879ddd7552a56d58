'use client';
// Owns the header navigation links and which one is current (the path is only known in the browser router).
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { navigationAreas } from './navigation';

export function MainNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="-mx-3 flex items-center gap-1 overflow-x-auto sm:mx-0">
      {navigationAreas.map((area) => {
        const current = pathname === area.href || pathname.startsWith(`${area.href}/`);
        return (
          <Link
            key={area.href}
            href={area.href}
            aria-current={current ? 'page' : undefined}
            className={`whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors ${
              current
                ? 'bg-accent-50 text-accent-700'
                : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
            }`}
          >
            {area.label}
          </Link>
        );
      })}
    </nav>
  );
}
