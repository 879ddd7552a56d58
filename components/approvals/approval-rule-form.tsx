'use client';
// Owns creating and editing an approval rule in a dialog: what it governs, its conditions (only the ones that can
// match that kind of object), and its stages in order, each filled by a role or by people picked from the team. The
// form is held to the API's own rule (`approvalRuleBody`, loaded after the page); a new rule applies at once, an edit
// becomes a change that waits (handed to `onChanged`).
import { useCallback, useState } from 'react';
import {
  type Control,
  type Resolver,
  type UseFormSetError,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField, FormFieldset } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { NativeSelect } from '@/components/ui/native-select';
import { showServerError } from '@/components/ui/server-errors';
import { useToast } from '@/components/ui/toast';
import {
  APPROVAL_OBJECTS,
  type ApprovalObject,
  BATCH_SOURCES,
  type BatchSource,
} from '@/lib/approvals/contract/enums';
import { PayoutApiError } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import {
  type ApprovalRule,
  type ApprovalRuleBody,
  type RuleChange,
  useCreateRule,
  useUpdateRule,
} from './api';
import { OBJECT_WORDS, SOURCE_WORDS } from './rule-words';

type Conditions = NonNullable<ApprovalRuleBody['conditions']>;
type Stage = ApprovalRuleBody['stages'][number];
/**
 * The rule as the form holds it: a condition left empty is '', [] or false rather than absent, because a controlled
 * field whose value becomes undefined shows its default again (clearing an amount while editing would restore it).
 * `withoutEmpty` turns it into the API's rule before validation.
 */
interface FormConditions {
  amount_usdt_gte?: string;
  amount_usdt_lt?: string;
  currencies?: string[];
  countries?: string[];
  sources?: BatchSource[];
  first_payment_to_beneficiary?: boolean;
  /** Whole days as typed: a number once it is one, the text otherwise (the contract then says what is wrong). */
  details_changed_within_days?: number | string;
}
export type RuleFormValues = Omit<ApprovalRuleBody, 'conditions'> & { conditions: FormConditions };

/** Someone a stage may name: an approver or an admin of the organization. */
export interface Approver {
  user_id: string;
  name: string;
}

const ruleSchema = lazySchema(() =>
  import('@/lib/approvals/contract/schemas').then((schemas) => schemas.approvalRuleBody),
);

/** The conditions actually set: an empty field, an empty list and an unticked box mean "no such condition". */
function withoutEmpty(values: RuleFormValues): RuleFormValues {
  const conditions = Object.fromEntries(
    Object.entries(values.conditions).filter(
      ([, value]) =>
        value !== '' &&
        value !== false &&
        value !== undefined &&
        !(Array.isArray(value) && value.length === 0),
    ),
  );
  return { ...values, conditions };
}

/** The contract's resolver, given the rule without its empty conditions. */
function useRuleResolver(): Resolver<RuleFormValues> {
  const resolve = useLazyResolver<RuleFormValues>(ruleSchema);
  return useCallback(
    (values, context, options) => resolve(withoutEmpty(values), context, options),
    [resolve],
  );
}

/** Mirrors the contract's rule: only a batch has currencies, countries, a source and payees; a withdrawal an amount. */
const CONDITIONS_FOR: Record<ApprovalObject, readonly (keyof Conditions)[]> = {
  batch: [
    'amount_usdt_gte',
    'amount_usdt_lt',
    'currencies',
    'countries',
    'sources',
    'first_payment_to_beneficiary',
    'details_changed_within_days',
  ],
  withdrawal: ['amount_usdt_gte', 'amount_usdt_lt'],
  wallet: [],
  approval_rules: [],
};

const MAX_STAGES = 5;
const NEW_STAGE: Stage = { name: '', required: 1, role: 'approver' };

/** What the resolver hands to submit is the contract's parsed rule (empty conditions already left out). */
function asBody(values: RuleFormValues): ApprovalRuleBody {
  return withoutEmpty(values) as ApprovalRuleBody;
}

function valuesOf(rule: ApprovalRule | undefined): RuleFormValues {
  if (!rule)
    return { object: 'batch', name: '', conditions: {}, stages: [{ ...NEW_STAGE, name: 'Approval' }] };
  return {
    object: rule.object,
    name: rule.name,
    conditions: { ...rule.conditions },
    stages: rule.stages.map((stage) => ({ ...stage })),
  };
}

export function ApprovalRuleDialog({
  rule,
  approvers,
  names,
  trigger,
  onChanged,
}: {
  /** The rule to edit; none: a new one. */
  rule?: ApprovalRule;
  approvers: readonly Approver[];
  /** Everyone's name by id: a named person who is no longer an approver is still shown, ticked, to untick. */
  names: ReadonlyMap<string, string>;
  trigger: React.ReactNode;
  /** An edit answers with the waiting change (202): the page says what happens next. */
  onChanged?: (change: RuleChange) => void;
}) {
  const [open, setOpen] = useState(false);
  const notify = useToast();
  const create = useCreateRule();
  const update = useUpdateRule();
  const form = useForm<RuleFormValues>({
    resolver: useRuleResolver(),
    defaultValues: valuesOf(rule),
  });
  const object = useWatch({ control: form.control, name: 'object' });
  const allowed = CONDITIONS_FOR[object];

  const submit = async (values: RuleFormValues) => {
    try {
      if (rule) {
        const change = await update.mutateAsync({ ruleId: rule.id, body: asBody(values) });
        onChanged?.(change);
      } else {
        await create.mutateAsync(asBody(values));
        notify({
          tone: 'success',
          title: `Rule “${values.name}” created`,
          description: 'It applies to everything that goes to approval from now on.',
        });
      }
      setOpen(false);
      form.reset(valuesOf(rule));
    } catch (caught) {
      if (placeStageRefusals(form.setError, caught)) return;
      showServerError(form.setError, caught, ['name', ...allowed.map((key) => `conditions.${key}` as const)]);
    }
  };

  return (
    <DialogForm
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={rule ? `Change “${rule.name}”` : 'New approval rule'}
      description={
        rule
          ? 'The change waits for another admin’s approval (or, if you are the only admin, applies after a notice period). Anything already waiting for approval keeps the stages it was given.'
          : 'Applies at once to everything that goes to approval from now on. Every rule that matches must be satisfied.'
      }
      form={form}
      onSubmit={submit}
      submitLabel={rule ? 'Ask to change' : 'Create rule'}
      changesState
    >
      <FormField control={form.control} name="object" label="Applies to">
        {(field) => (
          <NativeSelect
            {...field}
            disabled={Boolean(rule)}
            onChange={(event) => {
              const next = event.target.value as ApprovalObject;
              field.onChange(next);
              // A condition the new kind cannot have would make the API refuse the rule: drop it.
              const kept = Object.fromEntries(
                Object.entries(form.getValues('conditions')).filter(([key]) =>
                  CONDITIONS_FOR[next].includes(key as keyof Conditions),
                ),
              );
              form.setValue('conditions', kept);
            }}
          >
            {APPROVAL_OBJECTS.map((value) => (
              <option key={value} value={value}>
                {OBJECT_WORDS[value].label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField control={form.control} name="name" label="Name" hint="For example “Large batches”">
        {(field) => <Input {...field} maxLength={120} autoComplete="off" />}
      </FormField>
      <ConditionFields control={form.control} allowed={allowed} object={object} />
      <StageFields control={form.control} approvers={approvers} names={names} />
    </DialogForm>
  );
}

function ConditionFields({
  control,
  allowed,
  object,
}: {
  control: Control<RuleFormValues>;
  allowed: readonly (keyof Conditions)[];
  object: ApprovalObject;
}) {
  if (allowed.length === 0)
    return (
      <p className="text-sm text-slate-600">
        {OBJECT_WORDS[object].every} matches: only the stages below can be set.
      </p>
    );
  const has = (key: keyof Conditions) => allowed.includes(key);
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">
        When (all that are filled must match)
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField control={control} name="conditions.amount_usdt_gte" label="Total at or above (USDT)">
          {(field) => <OptionalText {...field} inputMode="decimal" placeholder="Any amount" />}
        </FormField>
        <FormField control={control} name="conditions.amount_usdt_lt" label="Total below (USDT)">
          {(field) => <OptionalText {...field} inputMode="decimal" placeholder="No upper limit" />}
        </FormField>
      </div>
      {has('currencies') ? (
        <FormField
          control={control}
          name="conditions.currencies"
          label="Destination currencies"
          hint="ISO codes, separated by commas, e.g. EUR, GBP. Empty: any currency."
        >
          {(field) => <CodeList {...field} placeholder="Any currency" />}
        </FormField>
      ) : null}
      {has('countries') ? (
        <FormField
          control={control}
          name="conditions.countries"
          label="Destination countries"
          hint="Two-letter codes, e.g. DE, FR. Empty: any country."
        >
          {(field) => <CodeList {...field} placeholder="Any country" />}
        </FormField>
      ) : null}
      {has('sources') ? (
        <FormFieldset
          control={control}
          name="conditions.sources"
          legend="Created (none ticked: however it was)"
        >
          {(field) => (
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
              {BATCH_SOURCES.map((source) => (
                <Checkbox
                  key={source}
                  label={SOURCE_WORDS[source]}
                  checked={field.value?.includes(source) ?? false}
                  onCheckedChange={(on) => {
                    const next = BATCH_SOURCES.filter((each) =>
                      each === source ? on : (field.value ?? []).includes(each),
                    ) as BatchSource[];
                    field.onChange(next);
                  }}
                />
              ))}
            </div>
          )}
        </FormFieldset>
      ) : null}
      {has('first_payment_to_beneficiary') ? (
        <FormFieldset control={control} name="conditions.first_payment_to_beneficiary" legend="Beneficiaries">
          {(field) => (
            <Checkbox
              label="Only when it pays a beneficiary for the first time"
              checked={field.value === true}
              onCheckedChange={field.onChange}
            />
          )}
        </FormFieldset>
      ) : null}
      {has('details_changed_within_days') ? (
        <FormField
          control={control}
          name="conditions.details_changed_within_days"
          label="Payee’s details changed within (days)"
          hint="Only when a beneficiary it pays had its identity or bank details changed this recently. Empty: any time."
        >
          {({ value, onChange, ...field }) => (
            <OptionalText
              {...field}
              value={value === undefined ? undefined : String(value)}
              onChange={(text) => onChange(/^\d+$/.test(text) ? Number(text) : text)}
              inputMode="numeric"
              placeholder="Any time"
            />
          )}
        </FormField>
      ) : null}
    </fieldset>
  );
}

/** A text field whose empty value means "not set" (withoutEmpty leaves the key out of the rule). */
function OptionalText({
  value,
  onChange,
  ...props
}: Omit<React.ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return <Input {...props} value={value ?? ''} onChange={(event) => onChange(event.target.value.trim())} />;
}

/** Codes typed as "EUR, gbp" held as ["EUR", "GBP"]; the typed text is kept while typing so commas stay put. */
function CodeList({
  value,
  onChange,
  ...props
}: Omit<React.ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: string[] | undefined;
  onChange: (value: string[]) => void;
}) {
  const [text, setText] = useState((value ?? []).join(', '));
  return (
    <Input
      {...props}
      value={text}
      autoComplete="off"
      onChange={(event) => {
        setText(event.target.value);
        const codes = event.target.value
          .split(/[\s,;]+/)
          .map((code) => code.trim().toUpperCase())
          .filter((code) => code !== '');
        onChange([...new Set(codes)]);
      }}
    />
  );
}

type Who = 'approver' | 'admin' | 'people';

function StageFields({
  control,
  approvers,
  names,
}: {
  control: Control<RuleFormValues>;
  approvers: readonly Approver[];
  names: ReadonlyMap<string, string>;
}) {
  const stages = useFieldArray({ control, name: 'stages' });
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-medium text-slate-700">Approved by, in this order</h3>
      <ol className="space-y-3">
        {stages.fields.map((stage, index) => (
          <li key={stage.id} className="space-y-3 rounded-md border border-slate-200 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium text-slate-900">Stage {index + 1}</span>
              {stages.fields.length > 1 ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => stages.remove(index)}>
                  Remove stage {index + 1}
                </Button>
              ) : null}
            </div>
            <StageEditor control={control} index={index} approvers={approvers} names={names} />
          </li>
        ))}
      </ol>
      {stages.fields.length < MAX_STAGES ? (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => stages.append({ ...NEW_STAGE, name: `Stage ${stages.fields.length + 1}` })}
        >
          Add a stage
        </Button>
      ) : null}
    </div>
  );
}

function StageEditor({
  control,
  index,
  approvers,
  names,
}: {
  control: Control<RuleFormValues>;
  index: number;
  approvers: readonly Approver[];
  names: ReadonlyMap<string, string>;
}) {
  const { setValue } = useFormContext<RuleFormValues>();
  const stage = useWatch({ control, name: `stages.${index}` });
  const who: Who = stage.user_ids !== undefined ? 'people' : (stage.role ?? 'approver');
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <FormField control={control} name={`stages.${index}.name`} label="Stage name">
          {(field) => <Input {...field} maxLength={80} placeholder="Finance" />}
        </FormField>
        <FormField control={control} name={`stages.${index}.required`} label="Approvals needed">
          {(field) => (
            <Input
              {...field}
              type="number"
              min={1}
              inputMode="numeric"
              value={Number.isNaN(field.value) ? '' : field.value}
              onChange={(event) => field.onChange(event.target.valueAsNumber)}
            />
          )}
        </FormField>
      </div>
      <FormField control={control} name={`stages.${index}.role`} label="From">
        {(field) => (
          <WhoSelect
            value={who}
            onBlur={field.onBlur}
            onChange={(next) => {
              // role and user_ids exclude each other (the API refuses both or neither).
              setValue(`stages.${index}.user_ids`, next === 'people' ? [] : undefined);
              field.onChange(next === 'people' ? undefined : next);
            }}
          />
        )}
      </FormField>
      {who === 'people' ? (
        <FormFieldset control={control} name={`stages.${index}.user_ids`} legend="Who may approve">
          {(field) =>
            offered(approvers, field.value, names).length === 0 ? (
              <p className="text-sm text-slate-600">Nobody in the team is an approver or an admin yet.</p>
            ) : (
              <div className="grid gap-2 sm:grid-cols-2">
                {offered(approvers, field.value, names).map((person) => (
                  <Checkbox
                    key={person.user_id}
                    label={person.name}
                    checked={field.value?.includes(person.user_id) ?? false}
                    onCheckedChange={(on) => {
                      const current = field.value ?? [];
                      field.onChange(
                        on ? [...current, person.user_id] : current.filter((id) => id !== person.user_id),
                      );
                    }}
                  />
                ))}
              </div>
            )
          }
        </FormFieldset>
      ) : null}
    </>
  );
}

/**
 * The approvers and admins, then anyone the stage names who no longer is one (their role changed, or they left), so
 * the admin sees why the API would refuse the rule and can untick them.
 */
function offered(
  approvers: readonly Approver[],
  chosen: readonly string[] | undefined,
  names: ReadonlyMap<string, string>,
): Approver[] {
  const stale = (chosen ?? [])
    .filter((id) => !approvers.some((person) => person.user_id === id))
    .map((id) => ({
      user_id: id,
      name: `${names.get(id) ?? 'Someone no longer in the team'} (not an approver)`,
    }));
  return [...approvers, ...stale];
}

/** The API names each refused person as `stages.N.user_ids.M`: said once on the stage's list of people. */
function placeStageRefusals(setError: UseFormSetError<RuleFormValues>, error: unknown): boolean {
  if (!(error instanceof PayoutApiError) || error.code !== 'stage_approver_not_eligible') return false;
  const stages = new Set(
    error.fieldErrors.flatMap((item) => /^stages\.(\d+)\.user_ids/.exec(item.field)?.[1] ?? []),
  );
  for (const stage of stages)
    setError(`stages.${Number(stage)}.user_ids`, {
      type: 'server',
      message: 'Only approvers and admins of the organization can be named: untick anyone who is not.',
    });
  return stages.size > 0;
}

function WhoSelect({
  value,
  onChange,
  onBlur,
}: {
  value: Who;
  onChange: (value: Who) => void;
  onBlur: () => void;
}) {
  return (
    <NativeSelect value={value} onBlur={onBlur} onChange={(event) => onChange(event.target.value as Who)}>
      <option value="approver">Any approver or admin</option>
      <option value="admin">Any admin</option>
      <option value="people">Named people</option>
    </NativeSelect>
  );
}
