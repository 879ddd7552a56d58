'use client';
// Owns a beneficiary's page inside the profile frame: its masked bank details and who it is, under which sender.
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { countryName } from './country-select';
import { addressOf, ProfileDetailFrame } from './profile-frame';
import { ProfileId } from './profile-id';
import { useAllSenders, useBeneficiary } from './queries';
import { DetailList, Masked } from './review-status';

const ROUTING_LABELS: Record<string, string> = {
  aba: 'ABA routing number',
  sort_code: 'Sort code',
  ifsc: 'IFSC',
  clabe: 'CLABE',
  bsb: 'BSB',
  transit: 'Transit and institution',
  other: 'Bank code',
};

export function BeneficiaryDetail({ beneficiaryId }: { beneficiaryId: string }) {
  const beneficiary = useBeneficiary(beneficiaryId);
  const senders = useAllSenders();
  return (
    <ProfileDetailFrame
      kind="beneficiary"
      profileId={beneficiaryId}
      query={beneficiary}
      title={(b) => b.name}
      description={(b) => `${b.currency} to an account in ${countryName(b.bank_country)}`}
    >
      {(b) => {
        const sender = senders.data?.items.find((s) => s.id === b.sender_profile_id);
        return (
          <>
            <Card
              id="beneficiary-bank"
              title="Bank account"
              description="Account numbers are stored encrypted; only their last four digits are shown."
            >
              <DetailList
                highlight={b.requested_information?.fields}
                items={[
                  ['Bank', b.bank_name],
                  ['Bank country', countryName(b.bank_country)],
                  ['Currency', b.currency],
                  ...(b.iban_last4
                    ? ([['IBAN', <Masked key="iban" last4={b.iban_last4} />]] as [string, React.ReactNode][])
                    : []),
                  ...(b.account_number_last4
                    ? ([['Account number', <Masked key="acct" last4={b.account_number_last4} />]] as [
                        string,
                        React.ReactNode,
                      ][])
                    : []),
                  ['SWIFT/BIC', b.swift_bic],
                  ...(b.routing_code
                    ? ([
                        [ROUTING_LABELS[b.routing_code_type ?? 'other'] ?? 'Routing code', b.routing_code],
                      ] as [string, React.ReactNode][])
                    : []),
                ]}
              />
            </Card>
            <Card id="beneficiary-details" title="Beneficiary">
              <DetailList
                highlight={b.requested_information?.fields}
                items={[
                  ['Beneficiary id', <ProfileId key="id" id={b.id} kind="beneficiary" />],
                  ['Your reference', b.client_reference],
                  ['Type', b.type === 'company' ? 'Company' : 'Individual'],
                  [
                    'Sender',
                    sender ? (
                      <Link
                        key="s"
                        href={`/senders/${sender.id}`}
                        className="text-accent-700 hover:underline"
                      >
                        {sender.legal_name}
                      </Link>
                    ) : null,
                  ],
                  ['Country', countryName(b.country)],
                  ['Address', addressOf(b)],
                  ['Contact email', b.contact_email],
                  ['Submitted', b.submitted_at ? <DateTime key="sub" value={b.submitted_at} /> : null],
                  ['Reviewed', b.reviewed_at ? <DateTime key="rev" value={b.reviewed_at} /> : null],
                ]}
              />
            </Card>
          </>
        );
      }}
    </ProfileDetailFrame>
  );
}
