// Owns /batches/new: build a draft batch by hand or from a CSV file; creating it quotes it and opens its review.
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { NewBatch } from '@/components/payouts/new-batch';

export const metadata: Metadata = { title: 'New batch' };

export default function NewBatchPage() {
  return (
    <>
      <PageHeader
        title="New batch"
        description="Add the orders to pay, or import them from a CSV file. Creating the draft quotes every order; nothing is charged until the batch is confirmed."
      />
      <NewBatch />
    </>
  );
}
