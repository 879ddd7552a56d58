'use client';
// Owns a sender's page inside the profile frame: its details with the ID number masked, its documents, and the way to
// its beneficiaries.
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { countryName } from './country-select';
import { addressOf, ProfileDetailFrame } from './profile-frame';
import { ProfileId } from './profile-id';
import { useSender } from './queries';
import { DetailList, Masked } from './review-status';
import { SenderFiles } from './sender-files';

export function SenderDetail({ senderId }: { senderId: string }) {
  const sender = useSender(senderId);
  return (
    <ProfileDetailFrame
      kind="sender"
      profileId={senderId}
      query={sender}
      title={(s) => s.legal_name}
      description={(s) => (s.type === 'company' ? 'Company sender' : 'Individual sender')}
    >
      {(s) => (
        <>
          <Card id="sender-details" title="Details">
            <DetailList
              highlight={s.requested_information?.fields}
              items={[
                ['Sender id', <ProfileId key="id" id={s.id} kind="sender" />],
                ['Your reference', s.client_reference],
                ['Legal name', s.legal_name],
                ...(s.type === 'company'
                  ? ([['Registration number', s.registration_number]] as [string, React.ReactNode][])
                  : ([
                      ['Date of birth', s.date_of_birth],
                      ['ID document', s.id_document_type?.replace('_', ' ')],
                      ['ID document number', <Masked key="id" last4={s.id_document_number_last4} />],
                    ] as [string, React.ReactNode][])),
                ['Country', countryName(s.country)],
                ['Address', addressOf(s)],
                ['Contact email', s.contact_email],
                ['Contact phone', s.contact_phone],
                ['Submitted', s.submitted_at ? <DateTime key="sub" value={s.submitted_at} /> : null],
                ['Reviewed', s.reviewed_at ? <DateTime key="rev" value={s.reviewed_at} /> : null],
              ]}
            />
          </Card>
          {s.requested_information?.fields.includes('documents') ? (
            <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-2 ring-amber-400">
              The reviewer asks for documents: upload them below, then submit the sender again.
            </p>
          ) : null}
          <SenderFiles senderId={s.id} />
          <p className="text-sm">
            <Link
              href={`/beneficiaries?sender_profile_id=${s.id}`}
              className="text-accent-700 hover:underline"
            >
              Beneficiaries of this sender
            </Link>
          </p>
        </>
      )}
    </ProfileDetailFrame>
  );
}
