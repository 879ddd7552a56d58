// Owns /batches: every batch, filtered and paged in the URL, and the orders export for a period.
import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { BatchesList } from '@/components/payouts/batches-list';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/skeleton';

export const metadata: Metadata = { title: 'Batches' };

export default function BatchesPage() {
  return (
    <>
      <PageHeader
        title="Batches"
        description="Payout batches: drafts awaiting confirmation, batches in progress and finished ones."
        actions={
          <Button asChild changesState>
            <Link href="/batches/new">New batch</Link>
          </Button>
        }
      />
      <Suspense fallback={<LoadingBlock label="Loading batches" />}>
        <BatchesList />
      </Suspense>
    </>
  );
}
