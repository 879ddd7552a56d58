'use client';
// Owns registering and editing a sender: the API's schema and rules check every field as it is typed, and the
// API's own refusals land on the same fields.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import type { BodyInputOf } from '@/lib/platform/operations/operation';
import { ID_DOCUMENT_TYPES } from '@/lib/profiles/contract/enums';
import { createSenderOperation, updateSenderOperation } from '@/lib/profiles/contract/routes';
import type { SenderWire } from '@/lib/profiles/contract/schemas';
import {
  requiredSenderFields,
  SENDER_FIELDS,
  type SenderField,
} from '@/lib/profiles/contract/validate-sender';
import { CountrySelect } from './country-select';
import { useProfileResolver, withoutEmpty } from './form-resolver';
import {
  ClientReferenceField,
  ProfileFormActions,
  referenceEdit,
  useSaveProfile,
} from './profile-form-frame';
import { Masked } from './review-status';

type SenderValues = Record<SenderField | 'client_reference', string>;

const LABELS: Record<SenderField, string> = {
  type: 'Type',
  legal_name: 'Legal name',
  registration_number: 'Company registration number',
  date_of_birth: 'Date of birth',
  id_document_type: 'ID document',
  id_document_number: 'ID document number',
  country: 'Country of incorporation or residence',
  address_line1: 'Address',
  address_line2: 'Address line 2',
  city: 'City',
  postal_code: 'Postal code',
  region: 'State or region',
  contact_email: 'Contact email',
  contact_phone: 'Contact phone',
};

const DOCUMENT_LABELS: Record<string, string> = {
  passport: 'Passport',
  national_id: 'National ID card',
  driving_licence: 'Driving licence',
  residence_permit: 'Residence permit',
};

const INDIVIDUAL_ONLY: readonly SenderField[] = ['date_of_birth', 'id_document_type', 'id_document_number'];

/** Whether a field belongs on the form for this type (the other type's fields are hidden and not sent). */
function isShown(type: string, field: SenderField): boolean {
  return type === 'company' ? !INDIVIDUAL_ONLY.includes(field) : field !== 'registration_number';
}

function valuesOf(sender?: SenderWire): SenderValues {
  const empty = {
    ...Object.fromEntries(SENDER_FIELDS.map((field) => [field, ''])),
    client_reference: '',
  } as SenderValues;
  if (!sender) return { ...empty, type: 'company' };
  const values = { ...empty, client_reference: sender.client_reference ?? '' };
  for (const field of SENDER_FIELDS) {
    const value = (sender as Record<string, unknown>)[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

const senderSchema = lazySchema(() =>
  import('@/lib/profiles/contract/schemas').then((module) => module.senderFormSchema),
);

const SERVER_FIELDS = [...SENDER_FIELDS, 'client_reference'] as const;

/** What is checked: the fields of the other type are hidden, so they are checked (and sent) as empty. */
function shownValues(values: SenderValues): SenderValues {
  return {
    ...Object.fromEntries(
      SENDER_FIELDS.map((field) => [field, isShown(values.type, field) ? values[field] : '']),
    ),
    client_reference: values.client_reference,
  } as SenderValues;
}

export function SenderForm({ sender }: { sender?: SenderWire }) {
  // An edit may leave the stored ID number empty: the API keeps it.
  const resolver = useProfileResolver<SenderValues>(
    senderSchema,
    shownValues,
    sender?.id_document_number_last4 ? ['id_document_number'] : [],
  );
  // What the form started from: an edit sends only what differs from it.
  const [initial] = useState(() => valuesOf(sender));
  const form = useForm<SenderValues>({ mode: 'onChange', defaultValues: initial, resolver });
  const save = useSaveProfile('sender', form.setError, SERVER_FIELDS);
  const { control, watch } = form;
  const type = watch('type');
  const country = watch('country');
  // An edit that empties a stored reference clears it (null, as the API's PATCH reads it): said before saving.
  const clearsReference = Boolean(initial.client_reference) && !watch('client_reference').trim();
  const required = new Set(requiredSenderFields(type, country));
  const shown = (field: SenderField) => isShown(type, field);

  const onSubmit = (values: SenderValues) =>
    save(async (): Promise<SenderWire> => {
      const visible = SENDER_FIELDS.filter(shown);
      if (sender) {
        // Only what changed; an emptied field is cleared; an empty ID number keeps the stored one.
        const body: Record<string, string | null> = {};
        for (const field of SENDER_FIELDS) {
          if (values[field] === initial[field] && shown(field)) continue;
          if (field === 'id_document_number' && !values[field]) continue;
          body[field] = shown(field) ? values[field] || null : null;
        }
        Object.assign(body, referenceEdit(values.client_reference, initial.client_reference));
        return apiFetch(updateSenderOperation, { params: { senderId: sender.id }, body });
      } else {
        const body = withoutEmpty({
          ...Object.fromEntries(visible.map((field) => [field, values[field]])),
          client_reference: values.client_reference.trim(),
        });
        // The form checked the same rules the API applies (senderFormSchema): the required fields are there.
        return apiFetch(createSenderOperation, {
          body: body as BodyInputOf<typeof createSenderOperation>,
        });
      }
    });

  const label = (field: SenderField) => `${LABELS[field]}${required.has(field) ? '' : ' (optional)'}`;
  const text = (field: SenderField, props: Record<string, unknown> = {}) =>
    shown(field) ? (
      <FormField key={field} control={control} name={field} label={label(field)}>
        {(input) => <Input {...input} {...props} />}
      </FormField>
    ) : null;

  return (
    <Form form={form} onSubmit={onSubmit} className="max-w-2xl space-y-6">
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold text-slate-900">Who is sending</legend>
        <FormField control={control} name="type" label="Type">
          {({ value, onChange, ref }) => (
            <Select
              ref={ref}
              value={value}
              onValueChange={onChange}
              options={[
                { value: 'company', label: 'Company' },
                { value: 'individual', label: 'Individual' },
              ]}
            />
          )}
        </FormField>
        {text('legal_name', { autoComplete: 'organization' })}
        {text('registration_number')}
        <ClientReferenceField
          hint={
            clearsReference
              ? `Saving removes the reference ${initial.client_reference} from this sender.`
              : 'Your own id for this sender, e.g. the entity code in your ERP. Unique among your senders; changing it never needs a new review.'
          }
        />
        {text('date_of_birth', { type: 'date' })}
        {shown('id_document_type') ? (
          <FormField control={control} name="id_document_type" label={LABELS.id_document_type}>
            {({ value, onChange, ref }) => (
              <Select
                ref={ref}
                value={value || undefined}
                onValueChange={onChange}
                placeholder="Choose a document"
                options={ID_DOCUMENT_TYPES.map((value) => ({
                  value,
                  label: DOCUMENT_LABELS[value] ?? value,
                }))}
              />
            )}
          </FormField>
        ) : null}
        {shown('id_document_number') ? (
          <FormField
            control={control}
            name="id_document_number"
            label={LABELS.id_document_number}
            hint={
              sender?.id_document_number_last4 ? (
                <>
                  On file: <Masked last4={sender.id_document_number_last4} />. Leave empty to keep it.
                </>
              ) : (
                'Stored encrypted; only its last four characters are ever shown.'
              )
            }
          >
            {(input) => <Input {...input} autoComplete="off" />}
          </FormField>
        ) : null}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-base font-semibold text-slate-900">Address and contact</legend>
        <FormField control={control} name="country" label={LABELS.country}>
          {({ value, onChange, ref }) => <CountrySelect ref={ref} value={value} onValueChange={onChange} />}
        </FormField>
        {text('address_line1', { autoComplete: 'address-line1' })}
        {text('address_line2', { autoComplete: 'address-line2' })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('city', { autoComplete: 'address-level2' })}
          {text('postal_code', { autoComplete: 'postal-code' })}
        </div>
        {text('region', { autoComplete: 'address-level1' })}
        {text('contact_email', { type: 'email', autoComplete: 'email' })}
        {text('contact_phone', { type: 'tel', autoComplete: 'tel', placeholder: '+442071234567' })}
      </fieldset>
      <ProfileFormActions saveLabel={sender ? 'Save changes' : 'Save sender'} />
    </Form>
  );
}
