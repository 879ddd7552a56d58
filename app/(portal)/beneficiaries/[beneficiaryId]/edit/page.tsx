// Owns editing a beneficiary.
import type { Metadata } from 'next';
import { EditBeneficiary } from '@/components/profiles/edit-beneficiary';

export const metadata: Metadata = { title: 'Edit beneficiary' };

export default async function EditBeneficiaryPage({
  params,
}: {
  params: Promise<{ beneficiaryId: string }>;
}) {
  const { beneficiaryId } = await params;
  return <EditBeneficiary beneficiaryId={beneficiaryId} />;
}
