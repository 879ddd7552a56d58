'use client';
// Owns the organization section of settings: name, legal name, country and the products it may use (GET /organizations/me).
import { useOrganization } from '@/components/layout/use-organization';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { productName } from '@/lib/platform/format/activity';

export function OrganizationSettings() {
  const organization = useOrganization();
  return (
    <Card id="organization" title="Organization">
      {organization.isPending ? (
        <LoadingBlock label="Loading the organization" />
      ) : organization.isError ? (
        <ErrorState
          title="Could not load the organization"
          error={organization.error}
          onRetry={() => organization.refetch()}
        />
      ) : (
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Name</dt>
            <dd className="font-medium text-slate-900">{organization.data.name}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Legal name</dt>
            <dd className="font-medium text-slate-900">{organization.data.legal_name ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Country</dt>
            <dd className="font-medium text-slate-900">{organization.data.country ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Member since</dt>
            <dd className="font-medium text-slate-900">
              <DateTime value={organization.data.created_at} style="date" />
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Products</dt>
            <dd className="mt-1 flex flex-wrap gap-2" data-testid="entitlements">
              {organization.data.entitlements.map((entitlement) => (
                <Badge key={entitlement} tone="accent">
                  {productName(entitlement)}
                </Badge>
              ))}
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
