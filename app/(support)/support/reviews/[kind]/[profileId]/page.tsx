// Owns one profile's review page in the support console.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ReviewProfile } from '@/components/support/review-profile';

export const metadata: Metadata = { title: 'Review · Support console' };

export default async function SupportReviewPage({
  params,
}: {
  params: Promise<{ kind: string; profileId: string }>;
}) {
  const { kind, profileId } = await params;
  if (kind !== 'sender' && kind !== 'beneficiary') notFound();
  return <ReviewProfile kind={kind} profileId={profileId} />;
}
