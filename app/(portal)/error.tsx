'use client';
// Owns what a portal page shows when it fails to render: the frame stays, the page says so and offers a retry.
import Link from 'next/link';
import { useEffect } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Alert } from '@/components/ui/icons';

export default function PortalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="mx-auto max-w-lg py-16 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-red-50 text-red-600">
        <Alert className="size-6" />
      </span>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">This page could not be shown</h1>
      <p className="mt-2 text-sm text-slate-600">
        Something went wrong on our side. Nothing you did was lost; try again, or go back to the dashboard.
      </p>
      {error.digest ? (
        <p className="mt-2 font-mono text-xs text-slate-500">Reference: {error.digest}</p>
      ) : null}
      <div className="mt-6 flex justify-center gap-2">
        <Button onClick={reset}>Try again</Button>
        <Link href="/" className={buttonClasses('secondary')}>
          Dashboard
        </Link>
      </div>
    </div>
  );
}
