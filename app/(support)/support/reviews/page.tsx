// Owns the support console's KYC/KYB review queue page.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ReviewQueue } from '@/components/support/review-queue';

export const metadata: Metadata = { title: 'Reviews · Support console' };

export default function SupportReviewsPage() {
  return (
    <>
      <h1 className="mb-1 text-2xl font-semibold tracking-tight">Reviews</h1>
      <p className="mb-4 text-sm text-slate-600">
        Senders and beneficiaries waiting for a KYC/KYB decision, the longest-waiting first.
      </p>
      <Suspense>
        <ReviewQueue />
      </Suspense>
    </>
  );
}
