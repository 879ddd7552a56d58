'use client';
// Owns the pricing console: publish an FX rate, change a corridor's status or limits, set an organization's margin.
// The server records each change; existing quotes keep their snapshot, so nothing here rewrites a quote.
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { OrganizationPicker, type PickedOrganization } from '@/components/support/organization-picker';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { DialogForm } from '@/components/ui/dialog-form';
import { Form, FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { Select } from '@/components/ui/select';
import { showServerError } from '@/components/ui/server-errors';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import { formatMoney, statusLabel } from '@/lib/platform/format';
import {
  getSupportOrganizationOperation,
  getSupportPricingOperation,
  publishSupportRateOperation,
  setSupportMarginOperation,
  updateSupportCorridorOperation,
} from '@/lib/support/contract/routes';

type Corridor = {
  id: string;
  name: string;
  currency: string;
  status: 'ACTIVE' | 'INACTIVE';
  min_amount: string;
  max_amount: string;
};

const NOT_SAVED = 'The change was not saved. Try again.';

const rateSchema = lazySchema(() => import('@/lib/support/contract/form-schemas').then((m) => m.rate));
const corridorSchema = lazySchema(() =>
  import('@/lib/support/contract/form-schemas').then((m) => m.corridor),
);
const marginSchema = lazySchema(() => import('@/lib/support/contract/form-schemas').then((m) => m.margin));

interface RateValues {
  currency: string;
  units_per_usdt: string;
}

function PublishRate() {
  const refresh = useRefresh(getSupportPricingOperation);
  const notify = useToast();
  const form = useForm<RateValues>({
    resolver: useLazyResolver<RateValues>(rateSchema),
    defaultValues: { currency: '', units_per_usdt: '' },
  });
  const submit = async (values: RateValues) => {
    const currency = values.currency.toUpperCase();
    try {
      await apiFetch(publishSupportRateOperation, {
        body: { currency, units_per_usdt: values.units_per_usdt },
      });
    } catch (error) {
      showServerError(form.setError, error, ['currency', 'units_per_usdt'], NOT_SAVED);
      return;
    }
    await refresh();
    notify({ title: `${currency} rate published`, tone: 'success' });
    form.resetField('units_per_usdt');
  };
  return (
    <Form form={form} onSubmit={submit} summary={false} className="space-y-2">
      <div className="flex flex-wrap items-start gap-2">
        <FormField control={form.control} name="currency" label="Currency">
          {(field) => <Input className="w-24" {...field} />}
        </FormField>
        <FormField control={form.control} name="units_per_usdt" label="Units per USDT">
          {(field) => <Input inputMode="decimal" className="w-40" {...field} />}
        </FormField>
        <FormSubmit className="mt-6">Publish rate</FormSubmit>
      </div>
      <FormServerError />
    </Form>
  );
}

interface CorridorValues {
  status: Corridor['status'];
  min_amount: string;
  max_amount: string;
}

function EditCorridor({ corridor }: { corridor: Corridor }) {
  const refresh = useRefresh(getSupportPricingOperation);
  const dialog = useDialogForm({
    schema: corridorSchema,
    // Opens on the corridor as it is now.
    values: { status: corridor.status, min_amount: corridor.min_amount, max_amount: corridor.max_amount },
    // The dialog closes on the table as it is after the change.
    submit: async (body: CorridorValues) => {
      await apiFetch(updateSupportCorridorOperation, { params: { corridorId: corridor.id }, body });
      await refresh();
    },
    fields: ['status', 'min_amount', 'max_amount'],
    fallback: NOT_SAVED,
    success: `${corridor.name} updated`,
  });
  const { form } = dialog;
  return (
    <DialogForm
      {...dialog}
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Edit ${corridor.name}`}>
          Edit
        </Button>
      }
      title={`Edit ${corridor.name}`}
      description="New quotes use the new status and limits; quotes already made keep theirs."
      submitLabel="Save corridor"
    >
      <FormField control={form.control} name="status" label="Status">
        {(field) => (
          <Select<Corridor['status']>
            value={field.value}
            onValueChange={field.onChange}
            options={[
              { value: 'ACTIVE', label: 'Active' },
              { value: 'INACTIVE', label: 'Inactive' },
            ]}
          />
        )}
      </FormField>
      <FormField control={form.control} name="min_amount" label={`Minimum amount (${corridor.currency})`}>
        {(field) => <Input inputMode="decimal" {...field} />}
      </FormField>
      <FormField control={form.control} name="max_amount" label={`Maximum amount (${corridor.currency})`}>
        {(field) => <Input inputMode="decimal" {...field} />}
      </FormField>
    </DialogForm>
  );
}

/** The margin form's currency choice: one corridor currency, or the organization's default for all. */
const DEFAULT_MARGIN = 'DEFAULT';

interface MarginValues {
  organization: PickedOrganization | null;
  currency: string;
  margin_bps: string;
}

function SetMargin({
  currencies,
  initialOrganization,
}: {
  currencies: readonly string[];
  initialOrganization: PickedOrganization | null;
}) {
  const refresh = useRefresh(getSupportPricingOperation);
  const notify = useToast();
  const form = useForm<MarginValues>({
    resolver: useLazyResolver<MarginValues>(marginSchema),
    defaultValues: { organization: initialOrganization, currency: DEFAULT_MARGIN, margin_bps: '' },
  });
  const submit = async ({ organization, currency, margin_bps }: MarginValues) => {
    if (!organization) return;
    try {
      await apiFetch(setSupportMarginOperation, {
        body: {
          org_id: organization.id,
          currency: currency === DEFAULT_MARGIN ? null : currency,
          margin_bps,
        },
      });
    } catch (error) {
      showServerError(form.setError, error, ['margin_bps', 'currency'], NOT_SAVED);
      return;
    }
    await refresh();
    notify({
      title: `Margin set for ${organization.name}`,
      description: `${margin_bps} bps, ${currency === DEFAULT_MARGIN ? 'every currency without its own' : currency}`,
      tone: 'success',
    });
    form.resetField('margin_bps');
  };
  return (
    <Form form={form} onSubmit={submit} summary={false} className="space-y-2">
      <div className="flex flex-wrap items-start gap-2">
        <FormField control={form.control} name="organization" label="Organization" className="w-80">
          {(field) => <OrganizationPicker value={field.value} onChange={field.onChange} />}
        </FormField>
        <FormField control={form.control} name="currency" label="Currency">
          {(field) => (
            <Select
              value={field.value}
              onValueChange={field.onChange}
              className="w-48"
              options={[
                { value: DEFAULT_MARGIN, label: 'Default (all currencies)' },
                ...currencies.map((code) => ({ value: code, label: code })),
              ]}
            />
          )}
        </FormField>
        <FormField control={form.control} name="margin_bps" label="Margin (bps)">
          {(field) => <Input inputMode="decimal" className="w-28" {...field} />}
        </FormField>
        <FormSubmit className="mt-6">Set margin</FormSubmit>
      </div>
      <FormServerError />
    </Form>
  );
}

/** The organization named by `?org=` (the directory's "Pricing" link), looked up for its name. */
function useOrganizationFromLink(orgId: string | undefined): PickedOrganization | null {
  const result = useApiQuery(
    getSupportOrganizationOperation,
    { params: { orgId: orgId ?? '' } },
    { enabled: Boolean(orgId) },
  );
  return useMemo(() => (result.data ? { id: result.data.id, name: result.data.name } : null), [result.data]);
}

export function PricingConsole({ orgId }: { orgId?: string }) {
  const result = useApiQuery(getSupportPricingOperation, {});
  const linkedOrganization = useOrganizationFromLink(orgId);
  if (result.isPending) return <LoadingBlock label="Loading pricing" />;
  if (result.isError) return <ErrorState error={result.error} onRetry={() => result.refetch()} />;
  const pricing = result.data;
  return (
    <div className="space-y-6">
      <Card
        title="Corridors"
        description="Status and the beneficiary amount limits each new quote is checked against."
      >
        {pricing.corridors.length === 0 ? (
          <EmptyState title="No corridors" />
        ) : (
          <Table columns={['Corridor', 'Status', 'Minimum', 'Maximum', '']} caption="Corridors">
            {pricing.corridors.map((corridor) => (
              <tr key={corridor.id} data-testid="corridor-row">
                <td className="px-3 py-2 font-medium">{corridor.name}</td>
                <td className="px-3 py-2">
                  <Badge tone={corridor.status === 'ACTIVE' ? 'success' : 'neutral'}>
                    {statusLabel(corridor.status)}
                  </Badge>
                </td>
                <td className="px-3 py-2 tabular-nums">
                  {formatMoney(corridor.min_amount, corridor.currency)}
                </td>
                <td className="px-3 py-2 tabular-nums">
                  {formatMoney(corridor.max_amount, corridor.currency)}
                </td>
                <td className="px-3 py-2 text-right">
                  <EditCorridor corridor={corridor} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      <Card title="FX rates" description="Mid-market, in effect now. Publishing appends to the history.">
        <div className="space-y-4">
          {pricing.rates.length === 0 ? (
            <EmptyState title="No rates published" />
          ) : (
            <Table columns={['Currency', 'Units per USDT', 'Source', 'Effective']} caption="FX rates">
              {pricing.rates.map((rate) => (
                <tr key={rate.currency}>
                  <td className="px-3 py-2 font-medium">{rate.currency}</td>
                  <td className="px-3 py-2 font-mono tabular-nums">{rate.units_per_usdt}</td>
                  <td className="px-3 py-2 text-xs">{rate.source}</td>
                  <td className="px-3 py-2 text-xs">
                    <DateTime value={rate.effective_at} />
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <PublishRate />
        </div>
      </Card>
      <Card
        title="Organization margins"
        description="Basis points on the USDT amount; a currency's margin wins over the default."
      >
        <div className="space-y-4">
          {pricing.margins.length === 0 ? (
            <EmptyState title="No margins set" />
          ) : (
            <Table
              columns={['Organization', 'Currency', 'Margin (bps)', 'Updated']}
              caption="Organization margins"
            >
              {pricing.margins.map((margin) => (
                <tr key={`${margin.org_id}-${margin.currency ?? 'default'}`}>
                  <td className="px-3 py-2">
                    {margin.org_name}
                    <span className="block font-mono text-xs text-slate-500">{margin.org_id}</span>
                  </td>
                  <td className="px-3 py-2">{margin.currency ?? 'default'}</td>
                  <td className="px-3 py-2 tabular-nums">{margin.margin_bps}</td>
                  <td className="px-3 py-2 text-xs">
                    <DateTime value={margin.updated_at} />
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <SetMargin
            // A linked organization arrives after its lookup: the form starts again with it chosen.
            key={linkedOrganization?.id ?? 'none'}
            currencies={[...new Set(pricing.corridors.map((corridor) => corridor.currency))].sort()}
            initialOrganization={linkedOrganization}
          />
        </div>
      </Card>
    </div>
  );
}
