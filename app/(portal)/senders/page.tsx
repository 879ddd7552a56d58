// Owns the senders page: the organization's paying entities and their review status.
import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/layout/page-header';
import { SendersList } from '@/components/profiles/senders-list';
import { Button } from '@/components/ui/button';

export const metadata: Metadata = { title: 'Senders' };

export default function SendersPage() {
  return (
    <>
      <PageHeader
        title="Senders"
        description="The entities of your organization that pay. Each needs a KYB/KYC review (status Ready) before a payout can use it."
        actions={
          <Button asChild changesState>
            <Link href="/senders/new">Register a sender</Link>
          </Button>
        }
      />
      <SendersList />
    </>
  );
}
