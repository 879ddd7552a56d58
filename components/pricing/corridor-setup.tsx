'use client';
// Owns the support lead's corridor set-up on the pricing page: every corridor's fee schedule, opening a corridor
// (currency, limits, fees) and replacing a corridor's fees. The server checks the fee rule and names each broken one;
// the form shows each message under its field. Status and limits stay in the corridors table above.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { useApiQuery } from '@/lib/platform/browser/queries';
import { useRefresh } from '@/lib/platform/browser/use-refresh';
import { PayoutApiError } from '@/lib/platform/client/errors';
import { listSupportCorridorsOperation } from '@/lib/pricing/contract/routes';
import { getSupportPricingOperation } from '@/lib/support/contract/routes';
import { createCorridorRequest, updateCorridorFeesRequest } from './api';

const FEE_FIELDS = [
  ['our_fee_fixed', 'OUR fixed fee'],
  ['our_fee_percent', 'OUR percent of the amount'],
  ['sha_fee_fixed', 'SHA fixed fee'],
  ['sha_fee_percent', 'SHA percent of the amount'],
  ['sha_sender_share', 'SHA share the client funds (0 to 1)'],
] as const;

const CORRIDOR_FIELDS = [
  ['name', 'Name'],
  ['currency', 'Currency'],
  ['min_amount', 'Minimum amount'],
  ['max_amount', 'Maximum amount'],
] as const;

type Values = Record<string, string>;

interface CorridorRow extends Values {
  id: string;
  name: string;
  currency: string;
  status: string;
}

/** The server's refusal, each message under the field it names (without its wire path), the rest above the button. */
function problemsOf(error: unknown): { fields: Values; general: string | null } {
  if (!(error instanceof PayoutApiError))
    return { fields: {}, general: 'The change did not reach the server.' };
  const fields: Values = {};
  for (const fieldError of error.fieldErrors) {
    const text = fieldError.message.startsWith(`${fieldError.field}: `)
      ? fieldError.message.slice(fieldError.field.length + 2)
      : fieldError.message;
    fields[fieldError.field] ??= text;
  }
  return { fields, general: error.fieldErrors.length === 0 ? error.message : null };
}

function CorridorForm({
  corridor,
  onDone,
}: {
  /** The corridor whose fees are replaced; absent: a new corridor. */
  corridor?: CorridorRow;
  onDone: () => Promise<void>;
}) {
  const formId = useId();
  const notify = useToast();
  const shown = corridor ? FEE_FIELDS : [...CORRIDOR_FIELDS, ...FEE_FIELDS];
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries([
      ...shown.map(([name]) => [name, corridor?.[name] ?? (name === 'sha_sender_share' ? '0.5' : '')]),
      ['status', 'ACTIVE'],
    ]),
  );
  const [problems, setProblems] = useState<{ fields: Values; general: string | null }>({
    fields: {},
    general: null,
  });
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (corridor) {
        const { status: _status, ...fees } = values;
        await updateCorridorFeesRequest(corridor.id, fees);
      } else
        await createCorridorRequest({ ...values, currency: (values.currency ?? '').trim().toUpperCase() });
    } catch (error) {
      setProblems(problemsOf(error));
      return;
    } finally {
      setBusy(false);
    }
    notify({ tone: 'success', title: corridor ? `${corridor.name}: fees saved` : `${values.name} opened` });
    await onDone();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {shown.map(([name, label]) => (
          <div key={name} className="space-y-1">
            <label htmlFor={`${formId}-${name}`} className="block text-sm font-medium">
              {label}
            </label>
            <Input
              id={`${formId}-${name}`}
              value={values[name] ?? ''}
              inputMode={name === 'name' || name === 'currency' ? undefined : 'decimal'}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
              aria-invalid={Boolean(problems.fields[name])}
              aria-describedby={problems.fields[name] ? `${formId}-${name}-problem` : undefined}
            />
            {problems.fields[name] ? (
              <p id={`${formId}-${name}-problem`} className="text-xs text-red-700">
                {problems.fields[name]}
              </p>
            ) : null}
          </div>
        ))}
        {corridor ? null : (
          <div className="space-y-1">
            <label htmlFor={`${formId}-status`} className="block text-sm font-medium">
              Status
            </label>
            <NativeSelect
              id={`${formId}-status`}
              value={values.status}
              onChange={(event) => setValues((current) => ({ ...current, status: event.target.value }))}
            >
              <option value="ACTIVE">Active</option>
              <option value="INACTIVE">Inactive</option>
            </NativeSelect>
          </div>
        )}
      </div>
      {problems.general ? (
        <p role="alert" className="text-sm text-red-700">
          {problems.general}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {corridor ? 'Save fees' : 'Open corridor'}
      </Button>
    </form>
  );
}

function CorridorDialog({ corridor, onDone }: { corridor?: CorridorRow; onDone: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          size="sm"
          variant="secondary"
          aria-label={corridor ? `Edit fees of ${corridor.name}` : undefined}
        >
          {corridor ? 'Edit fees' : 'Open a corridor'}
        </Button>
      }
      title={corridor ? `Fees of ${corridor.name}` : 'Open a corridor'}
      description="Amounts in the corridor currency; percentages of the beneficiary amount (0.10 = 0.10 %). Quotes already made keep their fees."
    >
      <CorridorForm
        corridor={corridor}
        onDone={async () => {
          setOpen(false);
          await onDone();
        }}
      />
    </Dialog>
  );
}

export function CorridorSetup() {
  const result = useApiQuery(listSupportCorridorsOperation, {});
  const refreshList = useRefresh(listSupportCorridorsOperation);
  const refreshPricing = useRefresh(getSupportPricingOperation);
  const refresh = async () => {
    await Promise.all([refreshList(), refreshPricing()]);
  };
  return (
    <Card
      title="Corridor fees"
      description="Each corridor's wire-fee schedule. OUR must cost the client at least its share of SHA."
    >
      <div className="space-y-4">
        {result.isPending ? (
          <LoadingBlock label="Loading corridors" />
        ) : result.isError ? (
          <ErrorState error={result.error} onRetry={() => result.refetch()} />
        ) : result.data.items.length === 0 ? (
          <EmptyState title="No corridors" />
        ) : (
          <Table
            columns={['Corridor', 'OUR fixed', 'OUR %', 'SHA fixed', 'SHA %', 'SHA client share', '']}
            caption="Corridor fees"
          >
            {result.data.items.map((corridor) => (
              <tr key={corridor.id}>
                <td className="px-3 py-2 font-medium">
                  {corridor.name}
                  <span className="block text-xs text-slate-500">{corridor.currency}</span>
                </td>
                {FEE_FIELDS.map(([name]) => (
                  <td key={name} className="px-3 py-2 font-mono tabular-nums">
                    {corridor[name]}
                  </td>
                ))}
                <td className="px-3 py-2 text-right">
                  <CorridorDialog corridor={corridor as CorridorRow} onDone={refresh} />
                </td>
              </tr>
            ))}
          </Table>
        )}
        <CorridorDialog onDone={refresh} />
      </div>
    </Card>
  );
}
