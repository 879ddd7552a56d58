// Owns the home page: an overview of the portal's areas and where to start.
import Link from 'next/link';
import { BalanceCard } from '@/components/funding/balance-card';
import { navigationAreas } from '@/components/layout/navigation';
import { currentUser } from '@/lib/auth/current-user';

export default async function HomePage() {
  const user = await currentUser();
  return (
    <div className="space-y-8">
      <section className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Overview</h1>
        <p className="max-w-2xl text-sm leading-6 text-slate-600">
          Pay beneficiaries across borders from your USDT balance. Every payment is a batch of one or more
          orders: it is quoted when you create it, and no funds move until you confirm it.
        </p>
      </section>
      {user?.organization ? <BalanceCard /> : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {navigationAreas.map((area) => (
          <li key={area.href}>
            <Link
              href={area.href}
              className="group block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:border-accent-600/40 hover:shadow"
            >
              <div className="flex items-center justify-between">
                <h2 className="text-base font-semibold text-slate-900">{area.label}</h2>
                <span aria-hidden="true" className="text-slate-400 transition group-hover:text-accent-600">
                  →
                </span>
              </div>
              <p className="mt-2 text-sm leading-6 text-slate-600">{area.summary}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
