// Owns where each profile kind is stored: its table, its row type, and finding one row of an organization.
import { and, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import type { ProfileKind } from './common';

export const PROFILE_TABLES = { sender: senderProfiles, beneficiary: beneficiaryProfiles } as const;

export type SenderRow = typeof senderProfiles.$inferSelect;
export type BeneficiaryRow = typeof beneficiaryProfiles.$inferSelect;
export interface ProfileRows {
  sender: SenderRow;
  beneficiary: BeneficiaryRow;
}
export type ProfileRow<K extends ProfileKind> = ProfileRows[K];

/**
 * The kind's table as a plain table to select from: drizzle cannot select from a union of two tables, and the row
 * type follows from the kind instead (ProfileRow<K>).
 */
export function selectable(kind: ProfileKind): PgTable {
  return PROFILE_TABLES[kind];
}

export async function findProfileRow<K extends ProfileKind>(
  executor: Executor,
  kind: K,
  orgId: string,
  profileId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProfileRow<K> | undefined> {
  const table = PROFILE_TABLES[kind];
  const query = executor
    .select()
    .from(selectable(kind))
    .where(and(eq(table.orgId, orgId), eq(table.id, profileId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row as ProfileRow<K> | undefined;
}

/** Writes `set` on one profile and returns the row as it now reads. */
export async function updateProfileRow<K extends ProfileKind>(
  tx: Executor,
  kind: K,
  profileId: string,
  set: Record<string, unknown>,
): Promise<ProfileRow<K>> {
  const table = PROFILE_TABLES[kind];
  // The kind's own columns were typed by its description; the table is chosen by the same kind.
  const [row] = await tx
    .update(table)
    .set(set as never)
    .where(eq(table.id, profileId))
    .returning();
  return row as ProfileRow<K>;
}
