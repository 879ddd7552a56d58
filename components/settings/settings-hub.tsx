// Owns the /settings hub: one card per section the signed-in person may use.
import Link from 'next/link';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { OrgRole } from '@/lib/platform/actor/roles';
import { visibleSections } from './sections';

export function SettingsHub({ role, sandbox }: { role: OrgRole; sandbox: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Settings sections">
      {visibleSections({ role, sandbox }).map((section) => (
        <li key={section.href}>
          <Link
            href={section.href}
            className={cn(
              'block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-accent-600',
              focusRing,
            )}
          >
            <span className="text-base font-semibold text-slate-900">{section.title}</span>
            <span className="mt-1 block text-sm text-slate-600">{section.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
