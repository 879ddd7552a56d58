'use client';
// Owns the reviewer's two actions besides deciding: "Ask for information" (a question to the client, naming the fields
// it is about: the profile then waits for the client) and "Correct details" (an audited change under the client's own
// rules, with why; the corrector then cannot decide the review). Both are dialogs on components/ui.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { profileFieldLabel } from '@/components/profiles/field-labels';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogForm } from '@/components/ui/dialog-form';
import { FORM_ERROR, FormField, FormFieldset } from '@/components/ui/form';
import { Input, Textarea } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { showServerError } from '@/components/ui/server-errors';
import { useToast } from '@/components/ui/toast';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import { apiFetch, PayoutApiError } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { apiQueryKey } from '@/lib/platform/browser/queries';
import type { ProfileKind as Kind } from '@/lib/profiles/contract/enums';
import {
  correctReviewProfileOperation,
  getReviewProfileOperation,
  listReviewQueueOperation,
  requestReviewInformationOperation,
} from '@/lib/support/contract/routes';

const informationSchema = lazySchema(() =>
  import('@/lib/support/contract/reviews-form-schemas').then((m) => m.informationRequest),
);
const correctionSchema = lazySchema(() =>
  import('@/lib/support/contract/reviews-form-schemas').then((m) => m.correction),
);

const NOT_SAVED = 'Nothing was saved. Try again.';

/** After either action: the page shows the profile as the server answered it, and the queue is read again. */
function useApplyResult(kind: Kind, profileId: string) {
  const queryClient = useQueryClient();
  return async (result: unknown) => {
    queryClient.setQueryData(apiQueryKey(getReviewProfileOperation, { params: { kind, profileId } }), result);
    await queryClient.invalidateQueries({ queryKey: [listReviewQueueOperation.id] });
  };
}

interface InformationForm {
  question: string;
  fields: string[];
}

export function AskForInformationDialog({
  kind,
  profileId,
  name,
  requestableFields,
}: {
  kind: Kind;
  profileId: string;
  name: string;
  requestableFields: readonly string[];
}) {
  const apply = useApplyResult(kind, profileId);
  const dialog = useDialogForm({
    schema: informationSchema,
    defaultValues: { question: '', fields: [] },
    submit: async (values: InformationForm) => {
      const result = await apiFetch(requestReviewInformationOperation, {
        params: { kind, profileId },
        body: { question: values.question, fields: values.fields },
      });
      await apply(result);
    },
    fields: ['question', 'fields'],
    fallback: NOT_SAVED,
    success: `Question sent: ${name} now waits for the client`,
  });
  const { form } = dialog;
  return (
    <DialogForm
      {...dialog}
      trigger={<Button variant="secondary">Ask for information</Button>}
      title={`Ask for information about ${name}`}
      description="The client sees your question on the profile, with the fields you tick highlighted, and submits the profile again once it has answered. It leaves your queue until then."
      submitLabel="Send question"
    >
      <FormField control={form.control} name="question" label="Question to the client">
        {(field) => <Textarea rows={4} {...field} />}
      </FormField>
      <FormFieldset control={form.control} name="fields" legend="Fields the question is about (optional)">
        {(field) => (
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {requestableFields.map((fieldName) => (
              <Checkbox
                key={fieldName}
                label={profileFieldLabel(fieldName)}
                checked={field.value.includes(fieldName)}
                onCheckedChange={(checked) =>
                  field.onChange(
                    checked
                      ? [...field.value, fieldName]
                      : field.value.filter((value: string) => value !== fieldName),
                  )
                }
              />
            ))}
          </div>
        )}
      </FormFieldset>
    </DialogForm>
  );
}

interface CorrectionForm {
  values: Record<string, string>;
  reason: string;
}

/** The fields a correction sends: those whose text differs from the profile (an emptied field is cleared: null). */
function changesOf(details: Record<string, string | null>, values: Record<string, string>) {
  const changes: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(values)) {
    const before = details[name] ?? '';
    if (value.trim() !== before) changes[name] = value.trim() === '' ? null : value.trim();
  }
  return changes;
}

export function CorrectDetailsDialog({
  kind,
  profileId,
  name,
  details,
}: {
  kind: Kind;
  profileId: string;
  name: string;
  /** The profile's fields by API name, as the client entered them. */
  details: Record<string, string | null>;
}) {
  const [open, setOpen] = useState(false);
  const apply = useApplyResult(kind, profileId);
  const notify = useToast();
  const initial = () => ({
    values: Object.fromEntries(Object.entries(details).map(([key, value]) => [key, value ?? ''])),
    reason: '',
  });
  const form = useForm<CorrectionForm>({
    resolver: useLazyResolver<CorrectionForm>(correctionSchema),
    defaultValues: initial(),
  });
  const submit = async (values: CorrectionForm) => {
    const changes = changesOf(details, values.values);
    if (Object.keys(changes).length === 0) {
      form.setError(FORM_ERROR, { type: 'client', message: 'Change at least one field before saving.' });
      return;
    }
    try {
      const result = await apiFetch(correctReviewProfileOperation, {
        params: { kind, profileId },
        body: { changes, reason: values.reason },
      });
      await apply(result);
    } catch (error) {
      // The rules name a field by its API name (or `changes.<name>`): each problem goes under its input, the rest
      // (the reason, or a field the dialog does not show) where showServerError puts it.
      if (error instanceof PayoutApiError && error.fieldErrors.length > 0) {
        const rest: string[] = [];
        for (const problem of error.fieldErrors) {
          const field = problem.field.replace(/^changes\./, '');
          const path = field in details ? `values.${field}` : field === 'reason' ? 'reason' : null;
          if (path) {
            form.setError(path as FieldPath<CorrectionForm>, { type: 'server', message: problem.message });
          } else rest.push(problem.message);
        }
        if (rest.length > 0) form.setError(FORM_ERROR, { type: 'server', message: rest.join(' ') });
        return;
      }
      showServerError(form.setError, error, ['reason'], NOT_SAVED);
      return;
    }
    notify({ title: `${name} corrected: another reviewer decides it`, tone: 'success' });
    setOpen(false);
  };
  return (
    <DialogForm
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(initial());
        setOpen(next);
      }}
      form={form}
      onSubmit={submit}
      trigger={<Button variant="secondary">Correct details</Button>}
      title={`Correct the details of ${name}`}
      description="The same rules apply as to the client's own edit. The client sees which fields provider staff changed; your reason stays with staff. Once you correct a profile, another reviewer must approve or reject it."
      submitLabel="Save correction"
    >
      <div className="grid max-h-[50vh] grid-cols-1 gap-3 overflow-y-auto pr-1 sm:grid-cols-2">
        {Object.keys(details).map((fieldName) => (
          <FormField
            key={fieldName}
            control={form.control}
            name={`values.${fieldName}`}
            label={profileFieldLabel(fieldName)}
          >
            {(field) => <Input {...field} value={field.value ?? ''} />}
          </FormField>
        ))}
      </div>
      <FormField control={form.control} name="reason" label="Why (for staff only)">
        {(field) => <Textarea rows={2} {...field} />}
      </FormField>
    </DialogForm>
  );
}
