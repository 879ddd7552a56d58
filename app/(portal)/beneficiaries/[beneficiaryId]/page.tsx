// Owns one beneficiary's page.
import type { Metadata } from 'next';
import { BeneficiaryDetail } from '@/components/profiles/beneficiary-detail';

export const metadata: Metadata = { title: 'Beneficiary' };

export default async function BeneficiaryPage({ params }: { params: Promise<{ beneficiaryId: string }> }) {
  const { beneficiaryId } = await params;
  return <BeneficiaryDetail beneficiaryId={beneficiaryId} />;
}
