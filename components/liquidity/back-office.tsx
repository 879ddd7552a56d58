'use client';
// Owns the support lead's liquidity back office for one organization: loans and their repayments, settlement routes
// and their proof-of-settlement documents, utilization proofs. Each form calls one staff operation; the server
// records every change as an event naming the lead.
import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { type ReactNode, useState } from 'react';
import { type FieldPath, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DateTime } from '@/components/ui/date-time';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { Select } from '@/components/ui/select';
import { showServerError } from '@/components/ui/server-errors';
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
} from '@/lib/liquidity/contract/routes';
import { apiFetch, PayoutApiError } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { chainName, decimalFromNumber, formatDate, formatMoney, statusLabel } from '@/lib/platform/format';

const LOAN_STATUSES = ['PENDING', 'ACTIVE', 'REPAID', 'OVERDUE', 'CANCELLED'] as const;
type LoanStatus = (typeof LOAN_STATUSES)[number];
const NO_CHANGE = 'unchanged';

/** A `datetime-local` value (the lead's local time) as an ISO timestamp. */
function isoFromLocal(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** One dialog with one form: submits, refreshes the back office, closes, or shows the server's refusal. */
function BackOfficeDialog<T extends FieldValues>({
  form,
  trigger,
  title,
  description,
  submitLabel,
  send,
  children,
}: {
  form: UseFormReturn<T>;
  trigger: ReactNode;
  title: string;
  description?: string;
  submitLabel: string;
  send: (values: T) => Promise<unknown>;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const [open, setOpen] = useState(false);
  const submit = async (values: T) => {
    try {
      await send(values);
    } catch (error) {
      const fields = Object.keys(form.getValues()) as FieldPath<T>[];
      showServerError(form.setError, error, fields, 'Not saved. Try again.');
      return;
    }
    await queryClient.invalidateQueries({ queryKey: [getLiquidityBackOfficeOperation.id] });
    setOpen(false);
    form.reset();
    notify({ title: `${title}: done`, tone: 'success' });
  };
  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      form={form}
      onSubmit={submit}
      trigger={trigger}
      title={title}
      description={description}
      submitLabel={submitLabel}
    >
      {children}
    </DialogForm>
  );
}

interface LoanValues {
  principal: string;
  interest_rate_percent: string;
  drawn_amount: string;
  status: LoanStatus;
  starts_on: string;
  due_on: string;
}

const loanSchema = lazySchema(() =>
  import('@/lib/liquidity/contract/support-form-schemas').then((m) => m.loan),
);
const repaymentSchema = lazySchema(() =>
  import('@/lib/liquidity/contract/support-form-schemas').then((m) => m.repayment),
);
const routeSchema = lazySchema(() =>
  import('@/lib/liquidity/contract/support-form-schemas').then((m) => m.route),
);
const proofSchema = lazySchema(() =>
  import('@/lib/liquidity/contract/support-form-schemas').then((m) => m.proof),
);
const utilizationSchema = lazySchema(() =>
  import('@/lib/liquidity/contract/support-form-schemas').then((m) => m.utilization),
);

function NewLoan({ orgId }: { orgId: string }) {
  const form = useForm<LoanValues>({
    resolver: useLazyResolver<LoanValues>(loanSchema),
    defaultValues: {
      principal: '',
      interest_rate_percent: '',
      drawn_amount: '0',
      status: 'PENDING',
      starts_on: '',
      due_on: '',
    },
  });
  return (
    <BackOfficeDialog
      form={form}
      trigger={<Button size="sm">New loan</Button>}
      title="New loan"
      description="In USDT. The organization sees it on its liquidity page."
      submitLabel="Create loan"
      send={(body) => apiFetch(createSupportLoanOperation, { params: { orgId }, body })}
    >
      <FormField control={form.control} name="principal" label="Principal (USDT)">
        {(field) => <Input inputMode="decimal" {...field} />}
      </FormField>
      <FormField control={form.control} name="interest_rate_percent" label="Interest rate (% a year)">
        {(field) => <Input inputMode="decimal" {...field} />}
      </FormField>
      <FormField control={form.control} name="drawn_amount" label="Drawn (USDT)">
        {(field) => <Input inputMode="decimal" {...field} />}
      </FormField>
      <FormField control={form.control} name="status" label="Status">
        {(field) => (
          <Select<LoanStatus>
            value={field.value}
            onValueChange={field.onChange}
            options={LOAN_STATUSES.map((value) => ({ value, label: value }))}
          />
        )}
      </FormField>
      <FormField control={form.control} name="starts_on" label="Starts on">
        {(field) => <Input type="date" {...field} />}
      </FormField>
      <FormField control={form.control} name="due_on" label="Due on">
        {(field) => <Input type="date" {...field} />}
      </FormField>
    </BackOfficeDialog>
  );
}

interface RepaymentValues {
  amount: string;
  paid_at: string;
  reference: string;
  loan_status: LoanStatus | typeof NO_CHANGE;
}

function RecordRepayment({ orgId, loanId, label }: { orgId: string; loanId: string; label: string }) {
  const form = useForm<RepaymentValues>({
    resolver: useLazyResolver<RepaymentValues>(repaymentSchema),
    defaultValues: { amount: '', paid_at: '', reference: '', loan_status: NO_CHANGE },
  });
  return (
    <BackOfficeDialog
      form={form}
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Record a repayment of ${label}`}>
          Record repayment
        </Button>
      }
      title="Record repayment"
      description={`Loan ${label}`}
      submitLabel="Record repayment"
      send={(values) =>
        apiFetch(recordSupportRepaymentOperation, {
          params: { orgId, loanId },
          body: {
            amount: values.amount,
            paid_at: isoFromLocal(values.paid_at),
            reference: values.reference || undefined,
            loan_status: values.loan_status === NO_CHANGE ? undefined : values.loan_status,
          },
        })
      }
    >
      <FormField control={form.control} name="amount" label="Amount repaid">
        {(field) => <Input inputMode="decimal" {...field} />}
      </FormField>
      <FormField control={form.control} name="paid_at" label="Paid at">
        {(field) => <Input type="datetime-local" {...field} />}
      </FormField>
      <FormField control={form.control} name="reference" label="Reference (optional)">
        {(field) => <Input {...field} />}
      </FormField>
      <FormField control={form.control} name="loan_status" label="Loan status afterwards">
        {(field) => (
          <Select<LoanStatus | typeof NO_CHANGE>
            value={field.value}
            onValueChange={field.onChange}
            options={[
              { value: NO_CHANGE, label: 'Unchanged' },
              ...LOAN_STATUSES.map((value) => ({ value, label: value })),
            ]}
          />
        )}
      </FormField>
    </BackOfficeDialog>
  );
}

interface RouteValues {
  name: string;
  corridor_id: string;
  chain_id: string;
  counterparty: string;
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
  const form = useForm<RouteValues>({
    resolver: useLazyResolver<RouteValues>(routeSchema),
    defaultValues: { name: '', corridor_id: '', chain_id: '', counterparty: '' },
  });
  return (
    <BackOfficeDialog
      form={form}
      trigger={<Button size="sm">New route</Button>}
      title="New settlement route"
      submitLabel="Create route"
      send={(body) => apiFetch(createSupportRouteOperation, { params: { orgId }, body })}
    >
      <FormField control={form.control} name="name" label="Route name">
        {(field) => <Input {...field} />}
      </FormField>
      <FormField control={form.control} name="corridor_id" label="Corridor">
        {(field) => (
          <Select
            value={field.value || undefined}
            onValueChange={field.onChange}
            placeholder="Choose a corridor"
            options={corridors.map((corridor) => ({ value: corridor.id, label: corridor.name }))}
          />
        )}
      </FormField>
      <FormField control={form.control} name="chain_id" label="Chain">
        {(field) => (
          <Select
            value={field.value || undefined}
            onValueChange={field.onChange}
            placeholder="Choose a chain"
            options={chains.map((chain) => ({ value: chain.id, label: chain.name }))}
          />
        )}
      </FormField>
      <FormField control={form.control} name="counterparty" label="Counterparty">
        {(field) => <Input {...field} />}
      </FormField>
    </BackOfficeDialog>
  );
}

interface ProofValues {
  file: File | null;
  recorded_at: string;
  batch_id: string;
  transaction_hash: string;
}

function AttachProof({ orgId, routeId, routeName }: { orgId: string; routeId: string; routeName: string }) {
  const form = useForm<ProofValues>({
    resolver: useLazyResolver<ProofValues>(proofSchema),
    defaultValues: { file: null, recorded_at: '', batch_id: '', transaction_hash: '' },
  });
  return (
    <BackOfficeDialog
      form={form}
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Attach a proof to ${routeName}`}>
          Attach proof
        </Button>
      }
      title="Attach proof of settlement"
      description={`Route ${routeName}. PDF, PNG or JPEG, at most 10 MiB; its SHA-256 is computed on upload.`}
      submitLabel="Upload proof"
      send={(values) => {
        const body = new FormData();
        if (values.file) body.set('file', values.file);
        body.set('recorded_at', isoFromLocal(values.recorded_at));
        // Optional: the batch this settlement paid (its page then links the proof) and the chain transaction.
        if (values.batch_id.trim()) body.set('batch_id', values.batch_id.trim());
        if (values.transaction_hash.trim()) body.set('transaction_hash', values.transaction_hash.trim());
        return apiFetch(attachSupportProofOperation, { params: { orgId, routeId }, body });
      }}
    >
      <FormField control={form.control} name="file" label="Document">
        {({ value: _file, onChange, ...field }) => (
          <Input
            type="file"
            accept="application/pdf,image/png,image/jpeg"
            {...field}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
      <FormField control={form.control} name="recorded_at" label="Settled at">
        {(field) => <Input type="datetime-local" {...field} />}
      </FormField>
      <FormField
        control={form.control}
        name="batch_id"
        label="Payout batch id (optional)"
        hint="The batch this settlement paid: its page links the proof"
      >
        {(field) => <Input className="font-mono" autoComplete="off" {...field} />}
      </FormField>
      <FormField control={form.control} name="transaction_hash" label="Transaction hash (optional)">
        {(field) => <Input className="font-mono" autoComplete="off" {...field} />}
      </FormField>
    </BackOfficeDialog>
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

interface UtilizationValues {
  amount: string;
  currency: string;
  route_id: string;
  reference: string;
}

function RecordUtilization({ orgId, routes }: { orgId: string; routes: { id: string; name: string }[] }) {
  const form = useForm<UtilizationValues>({
    resolver: useLazyResolver<UtilizationValues>(utilizationSchema),
    defaultValues: { amount: '', currency: '', route_id: NO_CHANGE, reference: '' },
  });
  return (
    <BackOfficeDialog
      form={form}
      trigger={<Button size="sm">Record utilization</Button>}
      title="Record utilization"
      submitLabel="Record utilization"
      send={(values) =>
        apiFetch(recordSupportUtilizationOperation, {
          params: { orgId },
          body: {
            amount: values.amount,
            currency: values.currency.toUpperCase(),
            route_id: values.route_id === NO_CHANGE ? undefined : values.route_id,
            reference: values.reference || undefined,
          },
        })
      }
    >
      <FormField control={form.control} name="amount" label="Amount used">
        {(field) => <Input inputMode="decimal" {...field} />}
      </FormField>
      <FormField control={form.control} name="currency" label="Currency">
        {(field) => <Input {...field} />}
      </FormField>
      <FormField control={form.control} name="route_id" label="Route (optional)">
        {(field) => (
          <Select
            value={field.value}
            onValueChange={field.onChange}
            options={[
              { value: NO_CHANGE, label: 'No route' },
              ...routes.map((route) => ({ value: route.id, label: route.name })),
            ]}
          />
        )}
      </FormField>
      <FormField control={form.control} name="reference" label="Reference (optional)">
        {(field) => <Input {...field} />}
      </FormField>
    </BackOfficeDialog>
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
                        {proof.batch_id ? (
                          <>
                            {' '}
                            · batch <span className="font-mono">{proof.batch_id.slice(0, 8)}</span>
                          </>
                        ) : null}
                        {proof.transaction_hash ? (
                          <>
                            {' '}
                            ·{' '}
                            <span className="font-mono" title={proof.transaction_hash}>
                              tx {proof.transaction_hash.slice(0, 16)}…
                            </span>
                          </>
                        ) : null}
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
