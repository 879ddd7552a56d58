// Owns the API keys page (admins).
import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/layout/page-header';
import { AdminOnly } from '@/components/settings/admin-only';
import { ApiKeysSettings } from '@/components/settings/api-keys-settings';
import { listApiKeysOperation } from '@/lib/identity/contract/routes';
import { currentUser } from '@/lib/identity/server';
import { roleMayCall } from '@/lib/platform/operations/operation';

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
      {user?.organization && roleMayCall(user.organization.role, listApiKeysOperation) ? (
        <ApiKeysSettings orgId={user.organization.id} />
      ) : (
        <AdminOnly what="API keys" />
      )}
    </>
  );
}
