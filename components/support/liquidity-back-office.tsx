'use client';
// Owns the support lead's liquidity back office for one organization: loans and their repayments, settlement routes
// and their proof-of-settlement documents, utilization proofs. Each form calls one staff operation; the server
// records every change as an event naming the lead.
import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
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
  attachSupportProofOperation,
  createSupportLoanOperation,
  createSupportRouteOperation,
  getLiquidityBackOfficeOperation,
  recordSupportRepaymentOperation,
  recordSupportUtilizationOperation,
  updateSupportRouteOperation,
} from '@/lib/api/routes';
import { apiFetch, PayoutApiError } from '@/lib/browser/api';
import { useApiQuery } from '@/lib/browser/queries';
import { chainName, decimalFromNumber, formatDate, formatMoney, statusLabel } from '@/lib/format';

const LOAN_STATUSES = ['PENDING', 'ACTIVE', 'REPAID', 'OVERDUE', 'CANCELLED'] as const;
type LoanStatus = (typeof LOAN_STATUSES)[number];
const NO_CHANGE = 'unchanged';

/** A `datetime-local` value (the lead's local time) as an ISO timestamp. */
function isoFromLocal(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** One dialog with one form: submits, refreshes the back office, closes, or shows the server's refusal. */
function FormDialog({
  trigger,
  title,
  description,
  submitLabel,
  onSubmit,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description?: string;
  submitLabel: string;
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit();
      await queryClient.invalidateQueries({ queryKey: [getLiquidityBackOfficeOperation.id] });
      setOpen(false);
      notify({ title: `${title}: done`, tone: 'success' });
    } catch (error) {
      setProblem(error instanceof PayoutApiError ? error.message : 'Not saved. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen} trigger={trigger} title={title} description={description}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {children}
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function NewLoan({ orgId }: { orgId: string }) {
  const [principal, setPrincipal] = useState('');
  const [rate, setRate] = useState('');
  const [drawn, setDrawn] = useState('0');
  const [status, setStatus] = useState<LoanStatus>('PENDING');
  const [startsOn, setStartsOn] = useState('');
  const [dueOn, setDueOn] = useState('');
  return (
    <FormDialog
      trigger={<Button size="sm">New loan</Button>}
      title="New loan"
      description="In USDT. The organization sees it on its liquidity page."
      submitLabel="Create loan"
      onSubmit={() =>
        apiFetch(createSupportLoanOperation, {
          params: { orgId },
          body: {
            principal: principal.trim(),
            interest_rate_percent: rate.trim(),
            drawn_amount: drawn.trim() || '0',
            status,
            starts_on: startsOn,
            due_on: dueOn,
          },
        })
      }
    >
      <Field label="Principal (USDT)">
        <Input value={principal} onChange={(e) => setPrincipal(e.target.value)} inputMode="decimal" />
      </Field>
      <Field label="Interest rate (% a year)">
        <Input value={rate} onChange={(e) => setRate(e.target.value)} inputMode="decimal" />
      </Field>
      <Field label="Drawn (USDT)">
        <Input value={drawn} onChange={(e) => setDrawn(e.target.value)} inputMode="decimal" />
      </Field>
      <Field label="Status">
        <Select<LoanStatus>
          value={status}
          onValueChange={setStatus}
          options={LOAN_STATUSES.map((value) => ({ value, label: value }))}
        />
      </Field>
      <Field label="Starts on">
        <Input type="date" value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
      </Field>
      <Field label="Due on">
        <Input type="date" value={dueOn} onChange={(e) => setDueOn(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

function RecordRepayment({ orgId, loanId, label }: { orgId: string; loanId: string; label: string }) {
  const [amount, setAmount] = useState('');
  const [paidAt, setPaidAt] = useState('');
  const [reference, setReference] = useState('');
  const [status, setStatus] = useState<LoanStatus | typeof NO_CHANGE>(NO_CHANGE);
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Record a repayment of ${label}`}>
          Record repayment
        </Button>
      }
      title="Record repayment"
      description={`Loan ${label}`}
      submitLabel="Record repayment"
      onSubmit={() =>
        apiFetch(recordSupportRepaymentOperation, {
          params: { orgId, loanId },
          body: {
            amount: amount.trim(),
            paid_at: isoFromLocal(paidAt),
            reference: reference.trim() || undefined,
            loan_status: status === NO_CHANGE ? undefined : status,
          },
        })
      }
    >
      <Field label="Amount repaid">
        <Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
      </Field>
      <Field label="Paid at">
        <Input type="datetime-local" value={paidAt} onChange={(e) => setPaidAt(e.target.value)} />
      </Field>
      <Field label="Reference (optional)">
        <Input value={reference} onChange={(e) => setReference(e.target.value)} />
      </Field>
      <Field label="Loan status afterwards">
        <Select<LoanStatus | typeof NO_CHANGE>
          value={status}
          onValueChange={setStatus}
          options={[
            { value: NO_CHANGE, label: 'Unchanged' },
            ...LOAN_STATUSES.map((value) => ({ value, label: value })),
          ]}
        />
      </Field>
    </FormDialog>
  );
}

function NewRoute({
  orgId,
  corridors,
  chains,
}: {
  orgId: string;
  corridors: { id: string; name: string }[];
  chains: { id: string; name: string }[];
}) {
  const [name, setName] = useState('');
  const [corridorId, setCorridorId] = useState<string | undefined>(undefined);
  const [chainId, setChainId] = useState<string | undefined>(undefined);
  const [counterparty, setCounterparty] = useState('');
  return (
    <FormDialog
      trigger={<Button size="sm">New route</Button>}
      title="New settlement route"
      submitLabel="Create route"
      onSubmit={() =>
        apiFetch(createSupportRouteOperation, {
          params: { orgId },
          body: {
            name: name.trim(),
            corridor_id: corridorId ?? '',
            chain_id: chainId ?? '',
            counterparty: counterparty.trim(),
          },
        })
      }
    >
      <Field label="Route name">
        <Input value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label="Corridor">
        <Select
          value={corridorId}
          onValueChange={setCorridorId}
          placeholder="Choose a corridor"
          options={corridors.map((corridor) => ({ value: corridor.id, label: corridor.name }))}
        />
      </Field>
      <Field label="Chain">
        <Select
          value={chainId}
          onValueChange={setChainId}
          placeholder="Choose a chain"
          options={chains.map((chain) => ({ value: chain.id, label: chain.name }))}
        />
      </Field>
      <Field label="Counterparty">
        <Input value={counterparty} onChange={(e) => setCounterparty(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

function AttachProof({ orgId, routeId, routeName }: { orgId: string; routeId: string; routeName: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [recordedAt, setRecordedAt] = useState('');
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Attach a proof to ${routeName}`}>
          Attach proof
        </Button>
      }
      title="Attach proof of settlement"
      description={`Route ${routeName}. PDF, PNG or JPEG, at most 10 MiB; its SHA-256 is computed on upload.`}
      submitLabel="Upload proof"
      onSubmit={() => {
        const body = new FormData();
        if (file) body.set('file', file);
        body.set('recorded_at', isoFromLocal(recordedAt));
        return apiFetch(attachSupportProofOperation, { params: { orgId, routeId }, body });
      }}
    >
      <Field label="Document">
        <Input
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Field>
      <Field label="Settled at">
        <Input type="datetime-local" value={recordedAt} onChange={(e) => setRecordedAt(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

/** Takes a route out of use (or back into use): asked first, since the organization sees the change at once. */
function RouteStatusToggle({
  orgId,
  route,
}: {
  orgId: string;
  route: { id: string; name: string; status: 'ACTIVE' | 'INACTIVE' };
}) {
  const queryClient = useQueryClient();
  const deactivating = route.status === 'ACTIVE';
  const label = deactivating ? 'Deactivate' : 'Reactivate';
  return (
    <ConfirmAction
      trigger={
        <Button size="sm" variant="secondary" aria-label={`${label} ${route.name}`}>
          {label}
        </Button>
      }
      title={`${label} ${route.name}?`}
      description={
        deactivating
          ? 'The organization sees the route as inactive. Its proofs stay listed and downloadable.'
          : 'The organization sees the route as active again.'
      }
      confirmLabel={label}
      action={() =>
        apiFetch(updateSupportRouteOperation, {
          params: { orgId, routeId: route.id },
          body: { status: deactivating ? 'INACTIVE' : 'ACTIVE' },
        })
      }
      success={deactivating ? `${route.name} deactivated` : `${route.name} reactivated`}
      failure="The route was not changed"
      describeError={(error) => (error instanceof PayoutApiError ? error.message : 'Try again.')}
      onDone={() => queryClient.invalidateQueries({ queryKey: [getLiquidityBackOfficeOperation.id] })}
    />
  );
}

function RecordUtilization({ orgId, routes }: { orgId: string; routes: { id: string; name: string }[] }) {
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('');
  const [routeId, setRouteId] = useState<string>(NO_CHANGE);
  const [reference, setReference] = useState('');
  return (
    <FormDialog
      trigger={<Button size="sm">Record utilization</Button>}
      title="Record utilization"
      submitLabel="Record utilization"
      onSubmit={() =>
        apiFetch(recordSupportUtilizationOperation, {
          params: { orgId },
          body: {
            amount: amount.trim(),
            currency: currency.trim().toUpperCase(),
            route_id: routeId === NO_CHANGE ? undefined : routeId,
            reference: reference.trim() || undefined,
          },
        })
      }
    >
      <Field label="Amount used">
        <Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
      </Field>
      <Field label="Currency">
        <Input value={currency} onChange={(e) => setCurrency(e.target.value)} />
      </Field>
      <Field label="Route (optional)">
        <Select
          value={routeId}
          onValueChange={setRouteId}
          options={[
            { value: NO_CHANGE, label: 'No route' },
            ...routes.map((route) => ({ value: route.id, label: route.name })),
          ]}
        />
      </Field>
      <Field label="Reference (optional)">
        <Input value={reference} onChange={(e) => setReference(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

export function LiquidityBackOffice({ orgId }: { orgId: string }) {
  const result = useApiQuery(getLiquidityBackOfficeOperation, { params: { orgId } });
  if (result.isPending) return <LoadingBlock label="Loading the liquidity back office" />;
  if (result.isError) return <ErrorState error={result.error} onRetry={() => result.refetch()} />;
  const office = result.data;
  return (
    <div className="space-y-6">
      <div>
        <Link href={`/support/organizations/${orgId}`} className="text-sm text-accent-700 hover:underline">
          ← {office.org_name}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Liquidity back office · {office.org_name}</h1>
      </div>
      <Card title="Loans" action={<NewLoan orgId={orgId} />}>
        {office.loans.length === 0 ? (
          <EmptyState title="No loans" />
        ) : (
          <Table
            columns={['Loan', 'Status', 'Principal', 'Drawn', 'Repaid', 'Outstanding', 'Due', '']}
            caption="Loans"
          >
            {office.loans.map((loan) => (
              <tr key={loan.id} data-testid="loan-row">
                <td className="px-3 py-2 font-mono text-xs">{loan.id.slice(-8)}</td>
                <td className="px-3 py-2">
                  <StatusBadge kind="loan" status={loan.status} />
                </td>
                <td className="px-3 py-2 tabular-nums">{formatMoney(loan.principal, loan.currency)}</td>
                <td className="px-3 py-2 tabular-nums">{formatMoney(loan.drawn_amount, loan.currency)}</td>
                <td className="px-3 py-2 tabular-nums">{formatMoney(loan.repaid_amount, loan.currency)}</td>
                <td className="px-3 py-2 tabular-nums">
                  {formatMoney(loan.outstanding_amount, loan.currency)}
                </td>
                <td className="px-3 py-2 text-xs">{formatDate(loan.due_on, 'date')}</td>
                <td className="px-3 py-2 text-right">
                  <RecordRepayment orgId={orgId} loanId={loan.id} label={loan.id.slice(-8)} />
                </td>
              </tr>
            ))}
          </Table>
        )}
        {office.repayments.length > 0 ? (
          <div className="mt-4">
            <Table columns={['Repayment', 'Amount', 'Paid', 'Reference']} caption="Repayments">
              {office.repayments.map((repayment) => (
                <tr key={repayment.id}>
                  <td className="px-3 py-2 font-mono text-xs">loan {repayment.loan_id.slice(-8)}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {formatMoney(repayment.amount, repayment.currency)}
                  </td>
                  <td className="px-3 py-2 text-xs">
                    <DateTime value={repayment.paid_at} />
                  </td>
                  <td className="px-3 py-2 text-xs">{repayment.reference ?? '—'}</td>
                </tr>
              ))}
            </Table>
          </div>
        ) : null}
      </Card>
      <Card
        title="Settlement routes"
        action={<NewRoute orgId={orgId} corridors={office.corridors} chains={office.chains} />}
      >
        {office.routes.length === 0 ? (
          <EmptyState title="No settlement routes" />
        ) : (
          <ul className="space-y-4">
            {office.routes.map((route) => (
              <li key={route.id} className="rounded border border-slate-200 p-3" data-testid="route-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium">{route.name}</p>
                    <p className="text-xs text-slate-600">
                      {route.currency} · {chainName(route.chain)} · {route.counterparty} ·{' '}
                      <Badge tone={route.status === 'ACTIVE' ? 'success' : 'neutral'}>
                        {statusLabel(route.status)}
                      </Badge>
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <RouteStatusToggle orgId={orgId} route={route} />
                    <AttachProof orgId={orgId} routeId={route.id} routeName={route.name} />
                  </div>
                </div>
                {route.proofs.length === 0 ? (
                  <p className="mt-2 text-xs text-slate-500">No proofs yet.</p>
                ) : (
                  <ul className="mt-2 space-y-1 text-xs">
                    {route.proofs.map((proof) => (
                      <li key={proof.id}>
                        {proof.file_name} · settled <DateTime value={proof.recorded_at} /> ·{' '}
                        <span className="font-mono">sha-256 {proof.hash_sha256.slice(0, 16)}…</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card
        title="Utilization proofs"
        action={
          <RecordUtilization orgId={orgId} routes={office.routes.map((r) => ({ id: r.id, name: r.name }))} />
        }
      >
        {office.utilization_proofs.length === 0 ? (
          <EmptyState title="No utilization recorded" />
        ) : (
          <Table columns={['Amount', 'Route', 'Reference', 'Recorded']} caption="Utilization proofs">
            {office.utilization_proofs.map((proof) => (
              <tr key={proof.id}>
                <td className="px-3 py-2 tabular-nums">
                  {formatMoney(decimalFromNumber(proof.amount), proof.currency)}
                </td>
                <td className="px-3 py-2 text-xs">
                  {office.routes.find((route) => route.id === proof.route_id)?.name ?? '—'}
                </td>
                <td className="px-3 py-2 text-xs">{proof.reference ?? '—'}</td>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={proof.created_at} />
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
    </div>
  );
}
