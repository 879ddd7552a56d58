// Owns the product mark and name, linking home.
import Link from 'next/link';
import { focusRing } from '@/components/ui/button';

export const productName = 'Payout Portal';

export function Brand() {
  return (
    <Link
      href="/"
      className={`flex items-center gap-2 whitespace-nowrap rounded text-base font-semibold text-slate-900 ${focusRing}`}
    >
      <span
        aria-hidden="true"
        className="grid size-7 place-items-center rounded-md bg-accent-600 text-sm text-white"
      >
        P
      </span>
      {productName}
    </Link>
  );
}
