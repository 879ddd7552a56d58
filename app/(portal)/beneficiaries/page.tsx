// Owns the beneficiaries page: who gets paid, in which currency, and their review status.
import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/layout/page-header';
import { BeneficiariesList } from '@/components/profiles/beneficiaries-list';
import { Button } from '@/components/ui/button';

export const metadata: Metadata = { title: 'Beneficiaries' };

export default function BeneficiariesPage() {
  return (
    <>
      <PageHeader
        title="Beneficiaries"
        description="Bank accounts you pay, each registered under one of your senders and reviewed before use."
        actions={
          <Button asChild changesState>
            <Link href="/beneficiaries/new">Add a beneficiary</Link>
          </Button>
        }
      />
      <BeneficiariesList />
    </>
  );
}
