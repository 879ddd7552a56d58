'use client';
// Owns the frame both profile forms share around their own fields: saving (the kind's create or edit, then every
// profile read refreshed and the profile's page opened, or the API's refusal on the fields it names), the reference
// an edit sends, and the server error with Save and Cancel below the fields.
import { useRouter } from 'next/navigation';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { showServerError } from '@/components/ui/server-errors';
import type { ProfileKind } from '@/lib/profiles/contract/enums';
import { PROFILE_PATHS } from './profile-frame';
import { useInvalidateProfiles } from './queries';

/** Runs a form's save, then opens the saved profile's page; a refusal lands on the form's fields. */
export function useSaveProfile<V extends FieldValues>(
  kind: ProfileKind,
  setError: UseFormSetError<V>,
  fields: readonly FieldPath<V>[],
) {
  const router = useRouter();
  const invalidate = useInvalidateProfiles();
  return async (save: () => Promise<{ id: string }>) => {
    try {
      const saved = await save();
      await invalidate();
      router.push(`${PROFILE_PATHS[kind]}/${saved.id}`);
    } catch (error) {
      showServerError(setError, error, fields);
    }
  };
}

/** What an edit sends of the reference: nothing when unchanged, `null` when emptied (the PATCH clears it). */
export function referenceEdit(value: string, initial: string): { client_reference?: string | null } {
  return value.trim() !== initial ? { client_reference: value.trim() || null } : {};
}

/** The client's own reference of a profile; `hint` says what it is for, or what clearing it removes. */
export function ClientReferenceField({ hint }: { hint: string }) {
  return (
    <FormField name="client_reference" label="Your reference (optional)" hint={hint}>
      {(input) => <Input {...input} maxLength={100} autoComplete="off" spellCheck={false} />}
    </FormField>
  );
}

export function ProfileFormActions({ saveLabel, disabled }: { saveLabel: string; disabled?: boolean }) {
  const router = useRouter();
  return (
    <>
      <FormServerError className="rounded-md bg-red-50 p-3 text-red-800" />
      <div className="flex gap-2">
        <FormSubmit disabled={disabled} changesState>
          {saveLabel}
        </FormSubmit>
        <Button variant="ghost" onClick={() => router.back()}>
          Cancel
        </Button>
      </div>
    </>
  );
}
