// Owns /batches/[id]: the quote review while the batch awaits confirmation, then its orders' progress.
import type { Metadata } from 'next';
import { BatchDetail } from '@/components/payouts/batch-detail';

export const metadata: Metadata = { title: 'Batch' };

export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BatchDetail batchId={id} />;
}
