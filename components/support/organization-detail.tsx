'use client';
// Owns one organization in the support console: its state at a glance, and starting a read-only view of it with a
// mandatory reason (the server records it and shows it to the organization's admins).
import Link from 'next/link';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { formatMoney, statusLabel } from '@/lib/platform/format';
import { productName } from '@/lib/platform/format/activity';
import { getSupportOrganizationOperation, startSupportViewOperation } from '@/lib/support/contract/routes';

const reasonSchema = lazySchema(() =>
  import('@/lib/support/contract/form-schemas').then((m) => m.accessReason),
);

function StartView({ orgId, orgName }: { orgId: string; orgName: string }) {
  const dialog = useDialogForm({
    schema: reasonSchema,
    defaultValues: { reason: '' },
    submit: async ({ reason }: { reason: string }) => {
      await apiFetch(startSupportViewOperation, { body: { org_id: orgId, reason } });
      // A full load: the portal's layout reads the view from the server.
      window.location.assign('/');
      // Stays busy until the new page replaces this one.
      await new Promise(() => undefined);
    },
    fields: ['reason'],
    fallback: 'The view did not start. Try again.',
  });
  const { form } = dialog;
  return (
    <DialogForm
      {...dialog}
      trigger={<Button>View as organization</Button>}
      title={`View ${orgName}`}
      description="You will see the portal exactly as its admins do, read-only, for 30 minutes. The organization's admins see when and why."
      submitLabel="Start view"
    >
      <FormField
        control={form.control}
        name="reason"
        label="Reason (ticket reference)"
        hint="Shown to the organization's admins."
      >
        {(field) => <Textarea rows={3} {...field} />}
      </FormField>
    </DialogForm>
  );
}

export function OrganizationDetail({ orgId, lead = false }: { orgId: string; lead?: boolean }) {
  const result = useApiQuery(getSupportOrganizationOperation, { params: { orgId } });
  if (result.isPending) return <LoadingBlock label="Loading the organization" />;
  if (result.isError) return <ErrorState error={result.error} onRetry={() => result.refetch()} />;
  const org = result.data;
  const counts = (byStatus: Record<string, number>) =>
    Object.entries(byStatus)
      .map(([status, n]) => `${n} ${status.replace('_', ' ')}`)
      .join(' · ') || 'none';
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{org.name}</h1>
          <p className="font-mono text-xs text-slate-500">{org.id}</p>
          <p className="mt-1 text-sm text-slate-600">
            {org.legal_name ?? '—'} · {org.country ?? '—'} · <Badge>{statusLabel(org.status)}</Badge> ·
            products: {org.entitlements.map(productName).join(', ') || 'none'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {lead ? (
            <>
              <Link href={`/support/pricing?org=${org.id}`} className={buttonClasses('secondary')}>
                Set margin
              </Link>
              <Link
                href={`/support/organizations/${org.id}/liquidity`}
                className={buttonClasses('secondary')}
              >
                Liquidity back office
              </Link>
            </>
          ) : null}
          <StartView orgId={org.id} orgName={org.name} />
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Balances">
          {org.balances.length === 0 ? (
            <p className="text-sm text-slate-600">No ledger accounts yet.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {org.balances.map((b) => (
                <li key={`${b.account}-${b.currency}`} className="flex justify-between gap-4">
                  <span>{b.account}</span>
                  <span className="tabular-nums">{formatMoney(b.balance, b.currency)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Profiles">
          <p className="text-sm">Senders: {counts(org.profile_counts.senders)}</p>
          <p className="text-sm">Beneficiaries: {counts(org.profile_counts.beneficiaries)}</p>
        </Card>
      </div>
      <Card title="Recent batches">
        {org.recent_batches.length === 0 ? (
          <EmptyState title="No batches yet" />
        ) : (
          <Table columns={['Batch', 'Status', 'Orders', 'Failed', 'Created']} caption="Recent batches">
            {org.recent_batches.map((batch) => (
              <tr key={batch.id}>
                <td className="px-3 py-2 font-mono text-xs">{batch.client_reference ?? batch.id}</td>
                <td className="px-3 py-2">
                  <StatusBadge kind="batch" status={batch.status} />
                </td>
                <td className="px-3 py-2 tabular-nums">{batch.total_count}</td>
                <td className="px-3 py-2 tabular-nums">{batch.failed_count}</td>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={batch.created_at} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      <Card title="Failed orders">
        {org.failed_orders.length === 0 ? (
          <EmptyState title="No failed orders" />
        ) : (
          <Table columns={['Order', 'Status', 'Why', 'When']} caption="Failed orders">
            {org.failed_orders.map((order) => (
              <tr key={order.id}>
                <td className="px-3 py-2 font-mono text-xs">{order.id}</td>
                <td className="px-3 py-2">
                  <StatusBadge kind="order" status={order.status} />
                </td>
                <td className="px-3 py-2 text-sm">{order.failure_message ?? '—'}</td>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={order.updated_at} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      <Card title="Webhook endpoints">
        {org.webhook_endpoints.length === 0 ? (
          <EmptyState title="No webhook endpoints" />
        ) : (
          <ul className="space-y-1 text-sm">
            {org.webhook_endpoints.map((endpoint) => (
              <li key={endpoint.id} className="flex flex-wrap justify-between gap-2">
                <span className="font-mono text-xs">{endpoint.url}</span>
                <span>
                  <Badge tone={endpoint.status === 'active' ? 'success' : 'danger'}>
                    {statusLabel(endpoint.status)}
                  </Badge>{' '}
                  {endpoint.failed_deliveries_24h} failed in 24 h
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
