// Owns the organization's own reference on a profile: its normal form, the uniqueness rule per organization and kind,
// and turning the database's refusal (a concurrent duplicate) into the same `client_reference_exists`.
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ApiError } from '@/lib/platform/errors/api-error';
import type { ProfileKind } from './common';
import { PROFILE_TABLES } from './profile-rows';

const _CLIENT_REFERENCE_MAX_LENGTH = 100;

/** Surrounding spaces are never part of a key a spreadsheet round-trips; an empty value clears it. */
export function normaliseClientReference(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** An edit that changes nothing but the reference. */
export function onlyReference(patch: Record<string, unknown>): boolean {
  return Object.entries(patch).every(([field, value]) => field === 'client_reference' || value === undefined);
}

export function clientReferenceExists(kind: ProfileKind, reference: string): ApiError {
  return new ApiError(
    'client_reference_exists',
    `client_reference: another ${kind} of this organization already has the reference "${reference}"`,
    {
      fieldErrors: [
        {
          field: 'client_reference',
          code: 'client_reference_exists',
          message: `client_reference: another ${kind} already has this reference`,
        },
      ],
    },
  );
}

/**
 * `client_reference_exists` when another profile of the kind in the organization holds the reference (the unique
 * index is the last word).
 */
export async function refuseTakenReference(
  executor: Executor,
  kind: ProfileKind,
  orgId: string,
  reference: string | null | undefined,
  exceptId?: string,
): Promise<void> {
  if (!reference) return;
  const table = PROFILE_TABLES[kind];
  const conditions: SQL[] = [eq(table.orgId, orgId), eq(table.clientReference, reference)];
  if (exceptId) conditions.push(ne(table.id, exceptId));
  const [taken] = await executor
    .select({ id: table.id })
    .from(table)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw clientReferenceExists(kind, reference);
}

/** Two requests racing for one reference: the loser's unique violation reads as the same `client_reference_exists`. */
export async function guardReference<T>(
  kind: ProfileKind,
  reference: string | null | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    let current: unknown = error;
    while (current && typeof current === 'object') {
      if (
        'constraint_name' in current &&
        current.constraint_name === `${kind}_profiles_org_client_reference_key`
      ) {
        throw clientReferenceExists(kind, reference ?? '');
      }
      current = 'cause' in current ? current.cause : undefined;
    }
    throw error;
  }
}
