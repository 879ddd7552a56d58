'use client';
// Owns building a batch by hand: rows of orders in react-hook-form, checked on every keystroke against the API's own
// createBatch schema, and the server's refusals put back on the row and field they name.
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type Control,
  type FieldErrors,
  type Resolver,
  type ResolverOptions,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import {
  FORM_ERROR,
  Form,
  FormField,
  FormFieldset,
  FormServerError,
  FormSubmit,
  fieldProblems,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { lazyResolver } from '@/components/ui/lazy-resolver';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { PayoutApiError } from '@/lib/platform/client/errors';
import { formatMoney } from '@/lib/platform/format';
import { amountDecimals, readTypedAmount } from '@/lib/platform/money/typed-amount';
import { type CreateBatchRequest, createBatchRequest } from './api';
import { FEE_TYPE_EXPLANATIONS, PURPOSE_CODES, PURPOSE_MEANINGS } from './catalogue';
import {
  type BeneficiaryOption,
  type SenderOption,
  useReadyBeneficiaries,
  useSenderFiles,
  useSenders,
} from './profile-options';
import { orderFieldErrors, ratesUnavailableText } from './server-errors';

interface RowValues {
  sender_profile_id: string;
  beneficiary_profile_id: string;
  beneficiary_amount: string;
  fee_type: 'OUR' | 'SHA';
  purpose_code: string;
  client_reference: string;
  file_ids: string[];
}

interface FormValues {
  client_reference: string;
  rows: RowValues[];
}

const ROW_FIELDS = new Set<string>([
  'sender_profile_id',
  'beneficiary_profile_id',
  'beneficiary_amount',
  'fee_type',
  'purpose_code',
  'client_reference',
  'file_ids',
]);

function maskedAccount(b: BeneficiaryOption): string | null {
  const last4 = b.iban_last4 ?? b.account_number_last4;
  return last4 ? `••••${last4}` : null;
}

function emptyRow(sender = ''): RowValues {
  return {
    sender_profile_id: sender,
    beneficiary_profile_id: '',
    beneficiary_amount: '',
    fee_type: 'OUR',
    purpose_code: 'GDSP',
    client_reference: '',
    file_ids: [],
  };
}

function toRequest(
  values: FormValues,
  beneficiaries: ReadonlyMap<string, BeneficiaryOption>,
): CreateBatchRequest {
  return {
    ...(values.client_reference.trim() ? { client_reference: values.client_reference.trim() } : {}),
    orders: values.rows.map((row) => ({
      sender_profile_id: row.sender_profile_id,
      beneficiary_profile_id: row.beneficiary_profile_id,
      // An amount that cannot be read goes as typed: the resolver has already refused it, so it is never sent.
      beneficiary_amount:
        readTypedAmount(row.beneficiary_amount, null).amount ?? row.beneficiary_amount.trim(),
      beneficiary_currency: beneficiaries.get(row.beneficiary_profile_id)?.currency ?? '',
      fee_type: row.fee_type,
      purpose_code: row.purpose_code as CreateBatchRequest['orders'][number]['purpose_code'],
      ...(row.client_reference.trim() ? { client_reference: row.client_reference.trim() } : {}),
      ...(row.file_ids.length ? { file_ids: row.file_ids } : {}),
    })),
  };
}

type ErrorTree = Record<string, unknown>;

function put(tree: ErrorTree, path: readonly (string | number)[], message: string) {
  let node: ErrorTree = tree;
  path.forEach((key, index) => {
    const name = String(key);
    if (index === path.length - 1) {
      if (!node[name]) node[name] = { type: 'validate', message };
    } else {
      node[name] ??= typeof path[index + 1] === 'number' ? [] : {};
      node = node[name] as ErrorTree;
    }
  });
}

// Loaded when the form mounts, not with the page: zod and the payouts schemas would put /batches/new over budget.
const createBatchSchema = lazySchema(() =>
  import('@/lib/payouts/contract/schemas').then((m) => m.createBatchBody),
);
/** The zod resolver over the API's createBatch body, which the rows become when sent. */
const requestResolver = lazyResolver<CreateBatchRequest>(createBatchSchema);

/** The API's createBatch schema, plus friendlier words for what a person types (empty choices, amounts). */
function makeResolver(beneficiaries: ReadonlyMap<string, BeneficiaryOption>): Resolver<FormValues> {
  return async (values, context, options) => {
    const errors: ErrorTree = {};
    values.rows.forEach((row, index) => {
      if (!row.sender_profile_id) put(errors, ['rows', index, 'sender_profile_id'], 'Choose a sender');
      if (!row.beneficiary_profile_id)
        put(errors, ['rows', index, 'beneficiary_profile_id'], 'Choose a beneficiary');
      const currency = beneficiaries.get(row.beneficiary_profile_id)?.currency ?? null;
      const { problem } = readTypedAmount(row.beneficiary_amount, currency);
      if (problem) put(errors, ['rows', index, 'beneficiary_amount'], problem);
    });
    // The body's paths (orders.2.purpose_code) are the rows' paths (rows.2.purpose_code).
    const checked = await requestResolver(toRequest(values, beneficiaries), context, {
      ...options,
      names: undefined,
      fields: {},
    } as unknown as ResolverOptions<CreateBatchRequest>);
    for (const { name, message } of fieldProblems(checked.errors as FieldErrors)) {
      const [first, index, field] = name.split('.');
      if (first === 'orders' && index && /^\d+$/.test(index) && field && ROW_FIELDS.has(field))
        put(errors, ['rows', Number(index), field], message);
      else if (first === 'client_reference') put(errors, ['client_reference'], message);
    }
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<FormValues> }
      : { values, errors: {} };
  };
}

export function OrderRowsForm() {
  const senders = useSenders();
  const beneficiaries = useReadyBeneficiaries();
  useEffect(() => {
    // Fetch the schema while the pickers load, so it is there by the first keystroke.
    void createBatchSchema().catch(() => undefined);
  }, []);
  if (senders.isPending || beneficiaries.isPending)
    return <LoadingBlock label="Loading senders and beneficiaries" />;
  if (senders.isError || beneficiaries.isError)
    return (
      <ErrorState
        title="Senders and beneficiaries could not be loaded"
        error={senders.error ?? beneficiaries.error}
        onRetry={() => {
          void senders.refetch();
          void beneficiaries.refetch();
        }}
      />
    );
  return (
    <RowsForm senders={senders.data.filter((s) => s.status === 'ready')} beneficiaries={beneficiaries.data} />
  );
}

function RowsForm({
  senders,
  beneficiaries,
}: {
  senders: SenderOption[];
  beneficiaries: BeneficiaryOption[];
}) {
  const router = useRouter();
  const notify = useToast();
  const byId = useMemo(() => new Map(beneficiaries.map((b) => [b.id, b])), [beneficiaries]);
  const resolver = useMemo(() => makeResolver(byId), [byId]);
  const firstSender = senders.length === 1 ? senders[0]!.id : '';
  const form = useForm<FormValues>({
    mode: 'onChange',
    resolver,
    defaultValues: { client_reference: '', rows: [emptyRow(firstSender)] },
  });
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  // What the server said about an order as a whole (no one field): said at the top of its row.
  const [rowProblems, setRowProblems] = useState<Record<number, string[]>>({});
  // One key per attempt; a network failure (no answer) retries with the same key, so it can never create two.
  const attemptKey = useRef<string | null>(null);

  const submit = async (values: FormValues) => {
    setRowProblems({});
    attemptKey.current ??= crypto.randomUUID();
    try {
      const created = await createBatchRequest(toRequest(values, byId), attemptKey.current);
      attemptKey.current = null;
      notify({
        tone: 'success',
        title: 'Draft batch created',
        description: 'Review its quote, then confirm it.',
      });
      router.push(`/batches/${created.batch.id}`);
    } catch (error) {
      if (!(error instanceof PayoutApiError)) {
        form.setError(FORM_ERROR, {
          type: 'server',
          message: 'The request did not reach the server. Check your connection and try again.',
        });
        return;
      }
      attemptKey.current = null;
      const ratesDown = ratesUnavailableText(error);
      if (ratesDown) {
        form.setError(FORM_ERROR, { type: 'server', message: ratesDown });
        notify({ tone: 'error', title: 'The batch was not created', description: ratesDown });
        return;
      }
      const problems = orderFieldErrors(error.fieldErrors, error.message);
      const byRow: Record<number, string[]> = {};
      let firstRow: number | null = null;
      for (const problem of problems) {
        if (problem.order === null) {
          if (problem.field === 'client_reference')
            form.setError('client_reference', { type: 'server', message: problem.message });
          else form.setError(FORM_ERROR, { type: 'server', message: problem.message });
          continue;
        }
        firstRow = firstRow === null ? problem.order : Math.min(firstRow, problem.order);
        if (problem.field && ROW_FIELDS.has(problem.field)) {
          form.setError(`rows.${problem.order}.${problem.field as keyof RowValues}`, {
            type: 'server',
            message: problem.message,
          });
        } else {
          byRow[problem.order] = [...(byRow[problem.order] ?? []), problem.message];
        }
      }
      setRowProblems(byRow);
      if (problems.length === 0) form.setError(FORM_ERROR, { type: 'server', message: error.message });
      if (firstRow !== null) {
        const element = document.getElementById(`order-row-${firstRow}`);
        element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        element?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus({ preventScroll: true });
      }
      notify({ tone: 'error', title: 'The batch was not created', description: 'Fix the marked fields.' });
    }
  };

  if (senders.length === 0) {
    return (
      <p className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        No sender is ready yet. A sender and at least one of its beneficiaries must pass review before you can
        pay.
      </p>
    );
  }

  return (
    <Form form={form} onSubmit={submit}>
      <FormField
        control={form.control}
        name="client_reference"
        label="Batch reference"
        hint="Your own reference for the whole batch (optional), e.g. payroll-2026-11."
        className="max-w-md"
      >
        {(field) => <Input {...field} maxLength={140} />}
      </FormField>
      <ol className="space-y-4">
        {rows.fields.map((row, index) => (
          <li key={row.id} id={`order-row-${index}`} className="scroll-mt-24">
            <OrderRow
              index={index}
              control={form.control}
              problems={rowProblems[index]}
              senders={senders}
              beneficiaries={beneficiaries}
              onSenderChange={() => form.setValue(`rows.${index}.beneficiary_profile_id`, '')}
              canRemove={rows.fields.length > 1}
              onRemove={() => rows.remove(index)}
              onDuplicate={() => {
                const current = form.getValues(`rows.${index}`);
                rows.insert(index + 1, { ...current, client_reference: '', file_ids: [...current.file_ids] });
              }}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            const last = form.getValues(`rows.${rows.fields.length - 1}`);
            rows.append(emptyRow(last?.sender_profile_id ?? firstSender), { shouldFocus: false });
          }}
        >
          Add order
        </Button>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm text-slate-600">
            {rows.fields.length} {rows.fields.length === 1 ? 'order' : 'orders'}
          </span>
          <FormSubmit changesState>Create draft and quote</FormSubmit>
        </div>
      </div>
      <FormServerError />
      <p className="text-xs text-slate-500">
        Creating the draft quotes every order; nothing is charged until an approver or an admin confirms the
        batch.
      </p>
    </Form>
  );
}

function OrderRow({
  index,
  control,
  problems,
  senders,
  beneficiaries,
  onSenderChange,
  canRemove,
  onRemove,
  onDuplicate,
}: {
  index: number;
  control: Control<FormValues>;
  problems: string[] | undefined;
  senders: SenderOption[];
  beneficiaries: BeneficiaryOption[];
  onSenderChange: () => void;
  canRemove: boolean;
  onRemove: () => void;
  onDuplicate: () => void;
}) {
  const senderId = useWatch({ control, name: `rows.${index}.sender_profile_id` });
  const beneficiaryId = useWatch({ control, name: `rows.${index}.beneficiary_profile_id` });
  const feeType = useWatch({ control, name: `rows.${index}.fee_type` });
  const purpose = useWatch({ control, name: `rows.${index}.purpose_code` });
  const typedAmount = useWatch({ control, name: `rows.${index}.beneficiary_amount` });
  const beneficiary = beneficiaries.find((b) => b.id === beneficiaryId) ?? null;
  const currency = beneficiary?.currency ?? null;
  const decimals = currency ? amountDecimals(currency) : null;
  // The amount as it will be sent, said whenever it holds a separator (4,200.00 → 4,200.00 EUR; 1.500 → 1.50 EUR),
  // so no separator is ever read without the user seeing what it was read as.
  const reading = currency ? readTypedAmount(typedAmount ?? '', currency).amount : null;
  const readAs =
    reading !== null && currency && /\D/.test((typedAmount ?? '').trim())
      ? `Reads as ${formatMoney(reading, currency)}`
      : null;
  const senderOptions = useMemo(
    () =>
      senders.map((s) => ({
        value: s.id,
        label: s.legal_name,
        description: [s.type === 'company' ? 'Company' : 'Individual', s.country].filter(Boolean).join(' · '),
      })),
    [senders],
  );
  const beneficiaryOptions = useMemo(
    () =>
      beneficiaries
        .filter((b) => b.sender_profile_id === senderId)
        .map((b) => ({
          value: b.id,
          label: `${b.name} (${b.currency})`,
          description: [b.bank_name, b.bank_country, maskedAccount(b)].filter(Boolean).join(' · '),
        })),
    [beneficiaries, senderId],
  );
  const number = index + 1;
  return (
    <fieldset
      className="rounded-lg border border-slate-200 bg-white p-4"
      aria-invalid={problems?.length ? true : undefined}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <legend className="text-sm font-semibold text-slate-900">Order {number}</legend>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={onDuplicate}
            aria-label={`Duplicate order ${number}`}
          >
            Duplicate
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={onRemove}
            disabled={!canRemove}
            aria-label={`Remove order ${number}`}
          >
            Remove
          </Button>
        </div>
      </div>
      {problems?.length ? (
        <ul role="alert" className="mb-3 list-disc pl-5 text-sm text-red-700">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <FormField
          control={control}
          name={`rows.${index}.sender_profile_id`}
          label={`Sender, order ${number}`}
        >
          {(field) => (
            <Combobox
              ref={field.ref}
              options={senderOptions}
              value={field.value || null}
              onValueChange={(value) => {
                field.onChange(value ?? '');
                onSenderChange();
              }}
              placeholder="Search senders"
            />
          )}
        </FormField>
        <FormField
          control={control}
          name={`rows.${index}.beneficiary_profile_id`}
          label={`Beneficiary, order ${number}`}
          hint={senderId ? 'Only beneficiaries of this sender that passed review' : 'Choose the sender first'}
        >
          {(field) => (
            <Combobox
              ref={field.ref}
              options={beneficiaryOptions}
              value={field.value || null}
              onValueChange={(value) => field.onChange(value ?? '')}
              placeholder={senderId ? 'Search beneficiaries' : 'Choose a sender first'}
              emptyText={senderId ? 'No ready beneficiary of this sender matches' : 'Choose a sender first'}
            />
          )}
        </FormField>
        <FormField
          control={control}
          name={`rows.${index}.beneficiary_amount`}
          label={`Amount, order ${number}`}
          hint={
            readAs ??
            (currency
              ? `What the beneficiary receives, in ${currency} (${decimals} decimals, a point before them)`
              : 'The currency comes from the beneficiary')
          }
        >
          {(field) => (
            <div className="relative">
              <Input
                {...field}
                inputMode="decimal"
                autoComplete="off"
                placeholder={currency ? (decimals ? `0.${'0'.repeat(decimals)}` : '0') : ''}
                className="pr-14 tabular-nums"
              />
              <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs text-slate-500">
                {currency ?? '—'}
              </span>
            </div>
          )}
        </FormField>
        <FormField
          control={control}
          name={`rows.${index}.fee_type`}
          label={`Fee type, order ${number}`}
          hint={FEE_TYPE_EXPLANATIONS[feeType]}
        >
          {(field) => (
            <NativeSelect {...field}>
              <option value="OUR">OUR — you pay all fees</option>
              <option value="SHA">SHA — fees shared</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField
          control={control}
          name={`rows.${index}.purpose_code`}
          label={`Purpose, order ${number}`}
          hint={PURPOSE_MEANINGS[purpose]}
        >
          {(field) => (
            <NativeSelect {...field}>
              {PURPOSE_CODES.map((code) => (
                <option key={code} value={code}>
                  {code} — {PURPOSE_MEANINGS[code]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField
          control={control}
          name={`rows.${index}.client_reference`}
          label={`Reference, order ${number}`}
          hint="Your own reference for this payment (optional)"
        >
          {(field) => <Input {...field} maxLength={140} autoComplete="off" />}
        </FormField>
        <div className="md:col-span-2">
          <ProofFiles control={control} index={index} senderId={senderId} />
        </div>
      </div>
    </fieldset>
  );
}

function ProofFiles({
  control,
  index,
  senderId,
}: {
  control: Control<FormValues>;
  index: number;
  senderId: string;
}) {
  const files = useSenderFiles(senderId || null);
  const items = files.data?.items ?? [];
  return (
    <FormFieldset
      control={control}
      name={`rows.${index}.file_ids`}
      legend={`Proof documents, order ${index + 1}`}
    >
      {(field) =>
        !senderId ? (
          <p className="text-xs text-slate-500">Choose the sender to attach its documents (optional).</p>
        ) : files.isPending ? (
          <p className="text-xs text-slate-500">Loading the sender's documents…</p>
        ) : items.length === 0 ? (
          <p className="text-xs text-slate-500">This sender has no documents uploaded (optional).</p>
        ) : (
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {items.map((file, position) => (
              <label key={file.id} className="inline-flex items-center gap-2 text-sm text-slate-700">
                <input
                  ref={position === 0 ? field.ref : undefined}
                  type="checkbox"
                  className="size-4 rounded border-slate-300"
                  checked={field.value.includes(file.id)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? [...field.value, file.id]
                        : field.value.filter((id) => id !== file.id),
                    )
                  }
                  onBlur={field.onBlur}
                />
                {file.file_name}
              </label>
            ))}
          </div>
        )
      }
    </FormFieldset>
  );
}
