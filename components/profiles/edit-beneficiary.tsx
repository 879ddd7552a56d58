'use client';
// Owns the beneficiary's edit page: the frame with the beneficiary form (and no other form in its bundle).
import { BeneficiaryForm } from './beneficiary-form';
import { EditFrame } from './edit-frame';
import { useBeneficiary } from './queries';

export function EditBeneficiary({ beneficiaryId }: { beneficiaryId: string }) {
  return (
    <EditFrame
      kind="beneficiary"
      query={useBeneficiary(beneficiaryId)}
      title={(beneficiary) => beneficiary.name}
      readyNote="Changing the name, address or bank details sends the beneficiary back to review. Confirmed payouts keep the details they were confirmed with."
      form={(beneficiary) => <BeneficiaryForm beneficiary={beneficiary} />}
    />
  );
}
