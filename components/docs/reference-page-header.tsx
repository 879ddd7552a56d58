// Owns the header of an API reference sub-page: the way back to the reference, the page's title and its lead text,
// so every sub-page reads the same.
import Link from 'next/link';
import { API_REFERENCE } from './reference-paths';

export function ReferencePageHeader({ title, lead }: { title: string; lead?: string | undefined }) {
  return (
    <header className="space-y-2">
      <Link href={API_REFERENCE} className="text-sm text-accent-700 underline">
        API reference
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {lead ? <p className="max-w-3xl text-sm leading-6 text-slate-600">{lead}</p> : null}
    </header>
  );
}
