// Owns adding a beneficiary.
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { BeneficiaryForm } from '@/components/profiles/beneficiary-form';

export const metadata: Metadata = { title: 'Add a beneficiary' };

export default async function NewBeneficiaryPage({
  searchParams,
}: {
  searchParams: Promise<{ sender_profile_id?: string }>;
}) {
  const { sender_profile_id: senderId } = await searchParams;
  return (
    <>
      <PageHeader
        title="Add a beneficiary"
        description="Choose where the account is held and the currency: the fields that corridor needs appear below."
      />
      <BeneficiaryForm senderId={senderId} />
    </>
  );
}
