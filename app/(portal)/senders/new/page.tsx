// Owns registering a sender.
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { SenderForm } from '@/components/profiles/sender-form';

export const metadata: Metadata = { title: 'Register a sender' };

export default function NewSenderPage() {
  return (
    <>
      <PageHeader
        title="Register a sender"
        description="It is saved as a draft; upload its documents and submit it for review from its page."
      />
      <SenderForm />
    </>
  );
}
