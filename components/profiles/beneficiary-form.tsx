'use client';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form, FormField } from '@/components/ui/form';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
// Owns registering and editing a beneficiary: the fields come from the requirements of the chosen currency and
// bank country (they change as the country changes), each checked as it is typed by the API's own rules, and the
// API's 400/422 land on the same fields.
import type { BodyInputOf } from '@/lib/platform/operations/operation';
import {
  BENEFICIARY_FIELDS,
  type BeneficiaryField,
  beneficiaryRequirements,
  currenciesFor,
  type FieldRequirement,
  localCurrency,
  SUPPORTED_BANK_COUNTRIES,
} from '@/lib/profiles/contract/requirements';
import {
  createBeneficiaryOperation,
  getBeneficiaryRequirementsOperation,
  updateBeneficiaryOperation,
} from '@/lib/profiles/contract/routes';
import type { BeneficiaryWire } from '@/lib/profiles/contract/schemas';
import { CountrySelect } from './country-select';
import { useProfileResolver } from './form-resolver';
import {
  ClientReferenceField,
  ProfileFormActions,
  referenceEdit,
  useSaveProfile,
} from './profile-form-frame';
import { useAllSenders } from './queries';
import { Masked } from './review-status';

const SELECTORS = ['sender_profile_id', 'currency', 'bank_country'] as const;
/** The organization's own fields: shown in every corridor, never part of a review. */
const OWN_FIELDS = ['client_reference'] as const;
const ALL_FIELDS = [...SELECTORS, ...OWN_FIELDS, ...BENEFICIARY_FIELDS] as const;
type FieldName = (typeof ALL_FIELDS)[number];
type Values = Record<FieldName, string>;

/** Stored encrypted and never sent back: an edit leaves them empty to keep them. */
const SECRET_FIELDS = ['iban', 'account_number'] as const;
const BANK_FIELDS: readonly BeneficiaryField[] = ['iban', 'swift_bic', 'account_number', 'routing_code'];

function valuesOf(beneficiary?: BeneficiaryWire, senderId?: string): Values {
  const values = Object.fromEntries(ALL_FIELDS.map((field) => [field, ''])) as Values;
  values.type = 'company';
  values.sender_profile_id = senderId ?? '';
  if (!beneficiary) return values;
  for (const field of ALL_FIELDS) {
    const value = (beneficiary as Record<string, unknown>)[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/** The fields the corridor of these values names (the same table the API publishes), or none yet. */
function namedFields(values: Pick<Values, 'currency' | 'bank_country' | 'country'>): Set<string> {
  if (!values.currency || !values.bank_country) return new Set();
  const corridor = beneficiaryRequirements(values.currency, values.bank_country, values.country || undefined);
  return new Set(corridor?.fields.map((field) => field.name) ?? []);
}

const beneficiarySchema = lazySchema(() =>
  import('@/lib/profiles/contract/schemas').then((module) => module.beneficiaryFormSchema),
);

/** What is checked: fields the corridor does not use are hidden, so they are checked (and sent) as empty. */
function shownValues(values: Values): Values {
  const named = namedFields(values);
  return Object.fromEntries(
    ALL_FIELDS.map((field) => [
      field,
      (SELECTORS as readonly string[]).includes(field) ||
      (OWN_FIELDS as readonly string[]).includes(field) ||
      named.has(field)
        ? values[field]
        : '',
    ]),
  ) as Values;
}

export function BeneficiaryForm({
  beneficiary,
  senderId,
}: {
  beneficiary?: BeneficiaryWire;
  senderId?: string;
}) {
  const senders = useAllSenders();
  // Stored secrets the edit may leave empty (the API keeps them).
  const resolver = useProfileResolver<Values>(
    beneficiarySchema,
    shownValues,
    SECRET_FIELDS.filter((field) => beneficiary?.[`${field}_last4`]),
  );
  // What the form started from: an edit sends only what differs from it.
  const [initial] = useState(() => valuesOf(beneficiary, senderId));
  const form = useForm<Values>({ mode: 'onChange', defaultValues: initial, resolver });
  const save = useSaveProfile('beneficiary', form.setError, ALL_FIELDS);
  const { control, watch, setValue, getValues, formState, trigger } = form;
  const currency = watch('currency');
  const bankCountry = watch('bank_country');
  const residence = watch('country');
  // An edit that empties a stored reference clears it (null, as the API's PATCH reads it): said before saving.
  const clearsReference = Boolean(initial.client_reference) && !watch('client_reference').trim();

  const requirements = useApiQuery(
    getBeneficiaryRequirementsOperation,
    { query: { currency, country: bankCountry, ...(residence ? { residence_country: residence } : {}) } },
    {
      enabled: Boolean(currency && bankCountry && currenciesFor(bankCountry).includes(currency as never)),
      placeholderData: keepPreviousData,
    },
  );

  const onSubmit = (values: Values) =>
    save(async (): Promise<BeneficiaryWire> => {
      const named = namedFields(values);
      if (beneficiary) {
        const body: Record<string, string | null> = {};
        for (const field of [...SELECTORS.slice(1), ...BENEFICIARY_FIELDS]) {
          if (!named.has(field) && !(SELECTORS as readonly string[]).includes(field)) {
            // Not used in this corridor: clear a stored bank value so the beneficiary is consistent.
            if (BANK_FIELDS.includes(field as BeneficiaryField) || values[field]) body[field] = null;
            continue;
          }
          if ((SECRET_FIELDS as readonly string[]).includes(field) && !values[field]) continue;
          if (values[field] !== initial[field] || field === 'currency' || field === 'bank_country') {
            body[field] = values[field] || null;
          }
        }
        Object.assign(body, referenceEdit(values.client_reference, initial.client_reference));
        return apiFetch(updateBeneficiaryOperation, {
          params: { beneficiaryId: beneficiary.id },
          body,
        });
      } else {
        const body: Record<string, string> = {
          sender_profile_id: values.sender_profile_id,
          currency: values.currency,
          bank_country: values.bank_country,
        };
        for (const field of BENEFICIARY_FIELDS)
          if (named.has(field) && values[field]) body[field] = values[field];
        if (values.client_reference.trim()) body.client_reference = values.client_reference.trim();
        return apiFetch(createBeneficiaryOperation, {
          // The form checked the corridor's rules the API applies (beneficiaryFormSchema).
          body: body as BodyInputOf<typeof createBeneficiaryOperation>,
        });
      }
    });

  const renderField = (requirement: FieldRequirement) => {
    const { name } = requirement;
    const label = `${requirement.label}${requirement.required ? '' : ' (optional)'}`;
    if (name === 'type') {
      return (
        <FormField key={name} control={control} name="type" label={label}>
          {({ value, onChange, ref }) => (
            <Select
              ref={ref}
              value={value}
              onValueChange={onChange}
              options={(requirement.allowed_values ?? []).map((value) => ({
                value,
                label: value === 'company' ? 'Company' : 'Individual',
              }))}
            />
          )}
        </FormField>
      );
    }
    if (name === 'country') {
      return (
        <FormField key={name} control={control} name="country" label={label}>
          {({ value, onChange, ref }) => <CountrySelect ref={ref} value={value} onValueChange={onChange} />}
        </FormField>
      );
    }
    const secret = name === 'iban' || name === 'account_number' ? beneficiary?.[`${name}_last4`] : null;
    return (
      <FormField
        key={name}
        control={control}
        name={name}
        label={label}
        hint={
          secret ? (
            <>
              On file: <Masked last4={secret} />. Leave empty to keep it.
            </>
          ) : requirement.example ? (
            `e.g. ${requirement.example}`
          ) : undefined
        }
      >
        {(input) => (
          <Input
            {...input}
            maxLength={requirement.max_length + 10}
            autoComplete="off"
            spellCheck={false}
            type={name === 'contact_email' ? 'email' : 'text'}
          />
        )}
      </FormField>
    );
  };

  // The wire names are the table's names (the same module publishes them).
  const fields = (requirements.data?.fields ?? []) as FieldRequirement[];
  const senderOptions = (senders.data?.items ?? []).map((sender) => ({
    value: sender.id,
    label: `${sender.legal_name}${sender.status === 'ready' ? '' : ` (${sender.status.replace('_', ' ')})`}`,
  }));

  return (
    <Form form={form} onSubmit={onSubmit} className="max-w-2xl space-y-6">
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold text-slate-900">Corridor</legend>
        <FormField control={control} name="sender_profile_id" label="Paid on behalf of (sender)">
          {({ value, onChange, ref }) => (
            <Select
              ref={ref}
              value={value || undefined}
              onValueChange={onChange}
              options={senderOptions}
              placeholder={senders.isPending ? 'Loading senders…' : 'Choose a sender'}
              disabled={Boolean(beneficiary)}
            />
          )}
        </FormField>
        <ClientReferenceField
          hint={
            clearsReference
              ? `Saving removes the reference ${initial.client_reference}: CSV files that name it will no longer find this beneficiary.`
              : "Your own id for this beneficiary, e.g. your ERP's vendor number: batch CSV files may name it instead of our id. Unique among your beneficiaries; changing it never needs a new review."
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField control={control} name="bank_country" label="Bank country">
            {({ value, onChange, ref }) => (
              <CountrySelect
                ref={ref}
                value={value}
                onValueChange={(country) => {
                  // A new bank country: its own currency by default; the beneficiary most likely lives there.
                  const previous = getValues('bank_country');
                  const allowed: readonly string[] = currenciesFor(country);
                  setValue('currency', localCurrency(country) ?? allowed[0] ?? '');
                  const residence = getValues('country');
                  if (!residence || residence === previous) setValue('country', country);
                  onChange(country);
                  if (formState.isSubmitted) void trigger();
                }}
                codes={SUPPORTED_BANK_COUNTRIES}
                placeholder="Where the account is held"
              />
            )}
          </FormField>
          <FormField control={control} name="currency" label="Currency">
            {({ value, onChange, ref }) => (
              <Select
                ref={ref}
                value={value || undefined}
                onValueChange={onChange}
                options={currenciesFor(bankCountry).map((code) => ({ value: code, label: code }))}
                placeholder={bankCountry ? 'Choose a currency' : 'Choose the bank country first'}
                disabled={!bankCountry}
              />
            )}
          </FormField>
        </div>
      </fieldset>
      <FormError className="rounded-md bg-red-50 p-3 text-red-800">{requirements.error?.message}</FormError>
      {currency && bankCountry ? (
        requirements.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading the fields for this corridor">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : (
          <>
            <fieldset className="space-y-4">
              <legend className="mb-2 text-base font-semibold text-slate-900">Beneficiary</legend>
              {fields.filter((f) => !BANK_FIELDS.includes(f.name) && f.name !== 'bank_name').map(renderField)}
            </fieldset>
            <fieldset className="space-y-4" data-testid="bank-fields">
              <legend className="mb-2 text-base font-semibold text-slate-900">Bank account</legend>
              {fields.filter((f) => BANK_FIELDS.includes(f.name) || f.name === 'bank_name').map(renderField)}
            </fieldset>
          </>
        )
      ) : null}
      <ProfileFormActions
        saveLabel={beneficiary ? 'Save changes' : 'Save beneficiary'}
        disabled={!fields.length}
      />
    </Form>
  );
}
