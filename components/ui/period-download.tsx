'use client';
// Owns "download a file for a period": a card with two day inputs (both days included, in the reader's timezone), a
// button, and a notice of how it went. The fields and react-hook-form load after the page (they are rendered on the
// server, so the card shows complete first): the dashboard and the batches list are among the heaviest pages.
import { lazy, Suspense } from 'react';
import { Card } from './card';
import type { PeriodDownloadProps } from './period';

const PeriodDownloadForm = lazy(() =>
  import('./period-download-form').then((m) => ({ default: m.PeriodDownloadForm })),
);

export function PeriodDownload({ title, description, ...form }: PeriodDownloadProps) {
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      {/* Only on a client-side visit, for the moment the fields' code takes to arrive: their height, kept. */}
      <Suspense fallback={<div className="mt-3 h-16" aria-busy="true" />}>
        <PeriodDownloadForm {...form} />
      </Suspense>
    </Card>
  );
}
