// Owns the API keys page (admins).
import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/layout/page-header';
import { AdminOnly } from '@/components/settings/admin-only';
import { ApiKeysSettings } from '@/components/settings/api-keys-settings';
import { currentUser } from '@/lib/auth/current-user';

export const metadata: Metadata = { title: 'API keys' };

export default async function ApiKeysPage() {
  const user = await currentUser();
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Credentials for calling the API from your systems. See the{' '}
            <Link href="/docs/signing" className="text-accent-700 underline">
              signing guide
            </Link>
            .
          </>
        }
      />
      {user?.organization?.role === 'admin' ? (
        // The keys table is wider than a phone: it scrolls inside this box instead of widening the page.
        <div className="min-w-0 overflow-x-auto [contain:inline-size]">
          <ApiKeysSettings orgId={user.organization.id} />
        </div>
      ) : (
        <AdminOnly what="API keys" />
      )}
    </>
  );
}
