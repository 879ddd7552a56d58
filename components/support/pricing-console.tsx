'use client';
// Owns the pricing console: publish an FX rate, change a corridor's status or limits, set an organization's margin.
// The server records each change; existing quotes keep their snapshot, so nothing here rewrites a quote.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { OrganizationPicker, type PickedOrganization } from '@/components/support/organization-picker';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import {
  getSupportOrganizationOperation,
  getSupportPricingOperation,
  publishSupportRateOperation,
  setSupportMarginOperation,
  updateSupportCorridorOperation,
} from '@/lib/api/routes';
import { apiFetch, PayoutApiError } from '@/lib/browser/api';
import { useApiQuery } from '@/lib/browser/queries';
import { formatMoney, statusLabel } from '@/lib/format';

type Corridor = {
  id: string;
  name: string;
  currency: string;
  status: 'ACTIVE' | 'INACTIVE';
  min_amount: string;
  max_amount: string;
};

function problemOf(error: unknown): string {
  // Shown under the field it is about, so without the API's field name in front.
  return error instanceof PayoutApiError ? error.fieldMessage : 'The change was not saved. Try again.';
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [getSupportPricingOperation.id] });
}

function PublishRate() {
  const refresh = useRefresh();
  const notify = useToast();
  const [currency, setCurrency] = useState('');
  const [rate, setRate] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await apiFetch(publishSupportRateOperation, {
        body: { currency: currency.trim().toUpperCase(), units_per_usdt: rate.trim() },
      });
      await refresh();
      notify({ title: `${currency.toUpperCase()} rate published`, tone: 'success' });
      setRate('');
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <Field label="Currency">
        <Input value={currency} onChange={(event) => setCurrency(event.target.value)} className="w-24" />
      </Field>
      <Field label="Units per USDT" error={problem ?? undefined}>
        <Input
          value={rate}
          onChange={(event) => setRate(event.target.value)}
          inputMode="decimal"
          className="w-40"
        />
      </Field>
      <Button type="submit" busy={busy}>
        Publish rate
      </Button>
    </form>
  );
}

function EditCorridor({ corridor }: { corridor: Corridor }) {
  const refresh = useRefresh();
  const notify = useToast();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Corridor['status']>(corridor.status);
  const [min, setMin] = useState(corridor.min_amount);
  const [max, setMax] = useState(corridor.max_amount);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await apiFetch(updateSupportCorridorOperation, {
        params: { corridorId: corridor.id },
        body: { status, min_amount: min.trim(), max_amount: max.trim() },
      });
      await refresh();
      setOpen(false);
      notify({ title: `${corridor.name} updated`, tone: 'success' });
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setStatus(corridor.status);
          setMin(corridor.min_amount);
          setMax(corridor.max_amount);
          setProblem(null);
        }
      }}
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Edit ${corridor.name}`}>
          Edit
        </Button>
      }
      title={`Edit ${corridor.name}`}
      description="New quotes use the new status and limits; quotes already made keep theirs."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Status">
          <Select<Corridor['status']>
            value={status}
            onValueChange={setStatus}
            options={[
              { value: 'ACTIVE', label: 'Active' },
              { value: 'INACTIVE', label: 'Inactive' },
            ]}
          />
        </Field>
        <Field label={`Minimum amount (${corridor.currency})`}>
          <Input value={min} onChange={(event) => setMin(event.target.value)} inputMode="decimal" />
        </Field>
        <Field label={`Maximum amount (${corridor.currency})`} error={problem ?? undefined}>
          <Input value={max} onChange={(event) => setMax(event.target.value)} inputMode="decimal" />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Save corridor
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The margin form's currency choice: one corridor currency, or the organization's default for all. */
const DEFAULT_MARGIN = 'DEFAULT';

function SetMargin({
  currencies,
  initialOrganization,
}: {
  currencies: readonly string[];
  initialOrganization: PickedOrganization | null;
}) {
  const refresh = useRefresh();
  const notify = useToast();
  const [organization, setOrganization] = useState<PickedOrganization | null>(initialOrganization);
  const [currency, setCurrency] = useState<string>(DEFAULT_MARGIN);
  const [bps, setBps] = useState('');
  const [organizationProblem, setOrganizationProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setOrganizationProblem(organization ? null : 'Choose the organization');
    if (!organization) return;
    setBusy(true);
    try {
      await apiFetch(setSupportMarginOperation, {
        body: {
          org_id: organization.id,
          currency: currency === DEFAULT_MARGIN ? null : currency,
          margin_bps: bps.trim(),
        },
      });
      await refresh();
      notify({
        title: `Margin set for ${organization.name}`,
        description: `${bps.trim()} bps, ${currency === DEFAULT_MARGIN ? 'every currency without its own' : currency}`,
        tone: 'success',
      });
      setBps('');
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <Field label="Organization" className="w-80" error={organizationProblem ?? undefined}>
        <OrganizationPicker
          value={organization}
          onChange={(chosen) => {
            setOrganization(chosen);
            if (chosen) setOrganizationProblem(null);
          }}
        />
      </Field>
      <Field label="Currency">
        <Select
          value={currency}
          onValueChange={setCurrency}
          className="w-48"
          options={[
            { value: DEFAULT_MARGIN, label: 'Default (all currencies)' },
            ...currencies.map((code) => ({ value: code, label: code })),
          ]}
        />
      </Field>
      <Field label="Margin (bps)" error={problem ?? undefined}>
        <Input
          value={bps}
          onChange={(event) => setBps(event.target.value)}
          inputMode="decimal"
          className="w-28"
        />
      </Field>
      <Button type="submit" busy={busy}>
        Set margin
      </Button>
    </form>
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
